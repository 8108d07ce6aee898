// spec: learning-experience §8.
export const COULD_NOT_RETRIEVE = 'We could not retrieve your message';
export const FINAL_UPLOAD_FAILED = 'Something went wrong, please record again';
