import { SAMPLE_COACH, choose, defineModule, sectionMessages } from '../define.ts';

const m = sectionMessages('the short I and the long EE');

export const shipSheepModule = defineModule({
  id: 4,
  code: 'ih-iy',
  slug: 'ship-or-sheep',
  title: 'Ship or Sheep?',
  subTitle: 'short I and long EE',
  description:
    "'Ship' and 'sheep', 'live' and 'leave', 'fill' and 'feel': English has two different vowels here, and many languages have only one. Learn to make a long, tense EE with a smile and a short, relaxed I, so people hear the word you mean.",
  icon: { label: 'i:', color: '#17A398' },
  isIntro: true,
  group: 'start-here',
  order: 2,
  focus: 'sounds',
  sounds: ['IY', 'IH'],
  preLesson: {
    items: [
      {
        text: 'Please sit in this seat and eat a little piece of cheese.',
        instructions:
          'Read this sentence out loud in your normal voice, as you would say it to a friend.',
      },
    ],
    ...m.preLesson,
  },
  guidedLesson: {
    videoLessons: {
      lessons: [
        {
          title: 'Two different vowels',
          slides: [
            {
              heading: 'The long EE',
              body: 'sheep, seat, leave\nSmile, tongue high and forward, muscles tight. Make it long.',
              sayText: 'sheep',
              narration:
                'First, the long {EE|ee}, as in sheep, seat, and leave. Smile a little. Your tongue is high and forward in your mouth, and your muscles are tight. Make the sound long: sheep.',
            },
            {
              heading: 'The short I',
              body: 'ship, sit, live\nRelax your lips and tongue. Drop your jaw a tiny bit. Make it short.',
              sayText: 'ship',
              narration:
                "Now the short {I|[['I]]}, as in ship, sit, and live. Relax your lips. Let your tongue drop a tiny bit and stay soft. The sound is short and quick: ship.",
            },
            {
              heading: 'Feel the difference',
              body: 'sheep / ship\nseat / sit\nleave / live',
              narration:
                'Say the pairs and feel your mouth change. Sheep, ship. Seat, sit. Leave, live. Tight and long, then loose and short.',
            },
            {
              heading: 'Why it matters',
              body: "'I live here' and 'I leave here' mean very different things.",
              sayText: 'live / leave',
              narration:
                'Why does this matter? I live here, and I leave here, mean very different things. Fill the glass, and feel the glass, are different too. One small vowel changes the meaning.',
            },
          ],
        },
        {
          title: 'Spelling clues',
          slides: [
            {
              heading: 'Long EE spellings',
              body: 'ee, ea, ie and e often say the long EE: see, eat, piece, these.',
              sayText: 'see, eat, piece',
              narration:
                'Spelling can help you. The letters e e, e a, and i e often make the long {EE|ee}: see, eat, piece. So does a single e in words like these and we.',
            },
            {
              heading: 'Short I spellings',
              body: 'A single i between consonants is usually short: sit, big, with, think.',
              sayText: 'sit, big, with',
              narration:
                "A single letter i between two consonants is usually the short {I|[['I]]}: sit, big, with, and think.",
            },
            {
              heading: 'Endings',
              body: 'happy, city: a light EE at the end\nsinging, running: a short I in -ing',
              narration:
                "At the end of words like happy and city, the y is a light, short {EE|ee}. And the ending i n g always uses the short {I|[['I]]}: singing, running, thinking.",
            },
            {
              heading: "Let's practise",
              body: 'Say it slowly, then at normal speed:\nPlease sit in this seat.',
              sayText: 'Please sit in this seat.',
              narration:
                "Let's practise with a sentence. Please sit in this seat. Long in please and seat, short in sit and this. Once more: please sit in this seat.",
            },
          ],
        },
      ],
      ...m.videoLessons,
    },
    listenAndRecord: {
      title: 'Listen and repeat: EE and I',
      items: [
        { text: 'sheep', focus: ['IY'], tip: 'Smile and hold the EE a little longer.' },
        { text: 'ship', focus: ['IH'], tip: 'Relaxed and short. Do not smile.' },
        { text: 'leave', focus: ['IY'], tip: 'Long EE, then the V buzzes at the end.' },
        { text: 'live', focus: ['IH'], tip: 'Short I, then the V buzzes.' },
        { text: 'feet', focus: ['IY'], tip: 'Tight lips in a small smile for EE.' },
        { text: 'fit', focus: ['IH'], tip: 'Quick and relaxed: fit.' },
        { text: 'cheap', focus: ['IY'], tip: "A long EE: 'cheap' should not sound like 'chip'." },
        { text: 'chip', focus: ['IH'], tip: 'Short I. Close the lips quickly for P.' },
        {
          text: "It's a big deal.",
          focus: ['IH', 'IY'],
          tip: "Short I in 'it's' and 'big', long EE in 'deal'.",
        },
        {
          text: 'Please sit here.',
          focus: ['IY', 'IH'],
          tip: "Long EE in 'please' and 'here', short I in 'sit'.",
        },
      ],
      ...m.listenAndRecord,
    },
    listenAndChoose: {
      title: 'Long EE or short I?',
      items: [
        choose('sheep', ['ship', 'sheep']),
        choose('live', ['live', 'leave']),
        choose('fill', ['feel', 'fill']),
        choose('beat', ['bit', 'beat']),
        choose('seat', ['sit', 'seat']),
        choose('hit', ['hit', 'heat']),
        choose('cheap', ['chip', 'cheap']),
      ],
      ...m.listenAndChoose,
    },
    recognisingTools: {
      title: 'AI check: EE and I',
      items: [
        { word: 'green', focus: ['IY'], tip: 'A long EE before the N.' },
        { word: 'this', focus: ['IH'], tip: 'Short I between TH and S.' },
        { word: 'people', focus: ['IY'], tip: 'PEE-pl: a long EE, then a quick ending.' },
        { word: 'little', focus: ['IH'], tip: 'Short I; the T in the middle is a quick tap.' },
        {
          word: 'business',
          focus: ['IH'],
          tip: 'Only two syllables: BIZ-ness. Both vowels are short.',
        },
        { word: 'meeting', focus: ['IY', 'IH'], tip: "Long EE in 'meet', short I in '-ing'." },
        { word: 'believe', focus: ['IY'], tip: 'The stress is on the long EE: be-LEEVE.' },
        { word: 'city', focus: ['IH', 'IY'], tip: 'Short I first, a light EE at the end.' },
      ],
      ...m.recognisingTools,
    },
  },
  fluencyActivities: {
    items: [
      {
        title: 'A day at the beach',
        prompt: 'Read it slowly first. Make every long EE long and every short I short.',
        text: 'We drove to the beach early this week. The sea was green and the wind was a little cold, so we sat and ate cheese and chips.',
      },
      {
        title: 'In the kitchen',
        prompt: 'Read it like you are giving a friend simple instructions.',
        text: 'Fill the kettle and heat the milk. Then mix in three big spoons of sugar and leave it to sit for a minute.',
      },
      {
        title: 'Meeting Tim',
        prompt: 'Speak naturally. Keep the difference between "Tim" and "team" clear.',
        text: 'I will meet Tim at the city library. He is in the team that builds the new ship, and he seems really keen to see it finished.',
      },
    ],
    ...m.fluencyActivities,
  },
  finalAssessment: {
    items: [
      {
        text: 'Did he leave his ship at the beach?',
        instructions:
          'Ask the question clearly. Short I in "did", "his" and "ship"; long EE in "he", "leave" and "beach".',
      },
      {
        text: 'We need three big green bins.',
        instructions:
          'Say it at normal speed. Notice how "big" and "bins" are short, "need", "three" and "green" are long.',
      },
      {
        text: 'Please fill in this sheet before the meeting.',
        instructions: 'Read it as a polite request. Keep "fill" and "sheet" clearly different.',
      },
    ],
    ...m.finalAssessment,
  },
  sampleFeedback: {
    coach: SAMPLE_COACH,
    summary:
      'This is an example of the feedback a coach gives after the final assessment. Here the learner speaks clearly and confidently, but makes most vowels the same length, so "ship" and "sheep" sound alike. The fix is to exaggerate: make EE longer and tighter, and I shorter and looser.',
    replies: [
      "Nice question intonation: your voice went up at the end, just right. 'Leave' and 'beach' were good and long. 'Ship' sounded a little like 'sheep': relax your lips and make it shorter, almost lazy.",
      "Good pace! 'Need' and 'green' were perfect. 'Big' and 'bins' were too long and tight, so they sounded like 'beeg' and 'beans'. Try saying them quickly, with a relaxed face.",
      "'Please' and 'sheet' were clear. 'Fill' sounded like 'feel'. Practise the pair a few times: feel, fill, feel, fill. Short and loose for fill. 'Meeting' was excellent.",
    ],
    scores: { pronunciation: 3, fluency: 4, intonation: 4, stress: 3 },
  },
});
