export { AuthedAudio, COULD_NOT_RETRIEVE, type AuthedAudioProps } from './authed-audio';
