/** Where a new learner lands after sign-up and verification (spec: accounts §4; issue 2). */
export const FIRST_MODULE_PATH = '/modules/3';
