// JSX typing of the <altcha-widget> custom element (altcha ships it as a type-only module).
import type {} from 'altcha/types/react';
