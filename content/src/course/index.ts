import type { CourseInput } from '../schema.ts';
import { assessmentData } from './assessment.ts';
import { groupsData } from './groups.ts';
import { finalConsonantsModule } from './modules/final-consonants.ts';
import { flapTModule } from './modules/flap-t.ts';
import { intonationModule } from './modules/intonation.ts';
import { linkingModule } from './modules/linking.ts';
import { openVowelsModule } from './modules/open-vowels.ts';
import { reductionsModule } from './modules/reductions.ts';
import { rlModule } from './modules/r-l.ts';
import { schwaModule } from './modules/schwa.ts';
import { sentenceStressModule } from './modules/sentence-stress.ts';
import { shChModule } from './modules/sh-ch.ts';
import { shipSheepModule } from './modules/ship-sheep.ts';
import { thModule } from './modules/th.ts';
import { vwModule } from './modules/v-w.ts';
import { wordStressModule } from './modules/word-stress.ts';

/** The ClearSpeak course as authored; `loadCourse()` validates it and derives lesson ids. */
export const courseData: CourseInput = {
  groups: groupsData,
  modules: [
    thModule,
    shipSheepModule,
    rlModule,
    vwModule,
    finalConsonantsModule,
    schwaModule,
    flapTModule,
    openVowelsModule,
    shChModule,
    wordStressModule,
    sentenceStressModule,
    intonationModule,
    linkingModule,
    reductionsModule,
  ],
  assessment: assessmentData,
};
