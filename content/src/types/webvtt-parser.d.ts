// webvtt-parser ships no types; only what the tests use is declared.
declare module 'webvtt-parser' {
  export interface WebVttCue {
    id: string;
    startTime: number;
    endTime: number;
    text: string;
  }
  export interface WebVttParseResult {
    cues: WebVttCue[];
    errors: { message: string; line: number }[];
  }
  export class WebVTTParser {
    parse(input: string, mode?: 'metadata' | 'chapters'): WebVttParseResult;
  }
}
