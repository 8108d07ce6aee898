export { AssessmentResultView, wordScoreColor } from './assessment-result-view.tsx';
