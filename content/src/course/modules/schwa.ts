import { choose, defineModule, sectionMessages } from '../define.ts';

const m = sectionMessages('the schwa and the UH sound');

export const schwaModule = defineModule({
  id: 1,
  code: 'schwa',
  slug: 'the-schwa',
  title: 'The Schwa',
  subTitle: 'the most common sound: about, cup, banana',
  description:
    "The schwa is the short, relaxed 'uh' in 'about', 'banana' and 'the'. It is the most common vowel in English, and it is never written the same way twice. Learn to relax your unstressed vowels into schwa, and to make the stressed UH in 'cup' and 'love' different from 'cap' and 'lock'.",
  icon: { label: 'ə', color: '#3D7DCA' },
  isIntro: false,
  group: 'core-sounds',
  order: 1,
  focus: 'sounds',
  sounds: ['AH0', 'AH'],
  preLesson: {
    items: [
      {
        text: 'I bought a banana and a cup of coffee for my mother.',
        instructions: 'Read this sentence out loud in your normal voice, at your usual speed.',
      },
    ],
    ...m.preLesson,
  },
  guidedLesson: {
    videoLessons: {
      lessons: [
        {
          title: 'Meet the schwa',
          slides: [
            {
              heading: 'The laziest sound',
              body: 'Relax your lips, tongue and jaw. Open your mouth a little and say a short "uh".',
              sayText: 'about',
              narration:
                'Meet the schwa, the laziest sound in English. Relax your lips, your tongue, and your jaw. Open your mouth just a little and make a short, quiet uh. About. Again. Today.',
            },
            {
              heading: 'Any letter can be schwa',
              body: 'a in about, e in taken, o in today, u in support, i in pencil',
              narration:
                'Any vowel letter can be a schwa. The a in about. The e in taken. The o in today. The u in support. What matters is not the spelling, but the stress.',
            },
            {
              heading: 'Only in weak syllables',
              body: 'ba-NA-na: the first and last a are schwa.\nCA-na-da: the last two a are schwa.',
              sayText: 'banana',
              narration:
                'The schwa lives in weak, unstressed syllables. In banana, only the middle syllable is strong. The first and last syllables are schwa. In Canada, the last two syllables are schwa.',
            },
            {
              heading: 'Why it matters',
              body: 'Strong syllables sound strong because the others are weak. Schwa gives English its rhythm.',
              narration:
                'If you say every vowel fully, English sounds flat and is harder to understand. Strong syllables sound strong because the others are weak. The schwa gives English its rhythm.',
            },
          ],
        },
        {
          title: 'Stressed UH: cup, love, money',
          slides: [
            {
              heading: 'The stressed UH',
              body: 'cup, love, money, son: the same relaxed mouth, but stronger and longer.',
              sayText: 'cup',
              narration:
                'When the same relaxed sound is stressed, it becomes the {UH|uh} in cup, love, money, and son. The mouth is relaxed and half open, and the sound is a little longer.',
            },
            {
              heading: 'UH or A?',
              body: 'cup / cap\nbug / bag\nfun / fan\nFor A, open wide and spread your lips.',
              narration:
                "Do not confuse {UH|uh} with the {A|[['a]]} in cap. For {A|[['a]]}, open your mouth wide and spread your lips. For {UH|uh}, stay relaxed. Cup, cap. Bug, bag. Fun, fan.",
            },
            {
              heading: 'UH or O?',
              body: 'luck / lock\nhut / hot\nFor O, drop your jaw more.',
              narration:
                "And do not confuse {UH|uh} with the {O|[['0]]} in lock. For {O|[['0]]}, drop your jaw more and open your throat. Luck, lock. Hut, hot.",
            },
            {
              heading: "Let's practise",
              body: 'My younger brother loves money.',
              sayText: 'a cup of coffee',
              narration:
                "Let's practise. My younger brother loves money. Now a phrase with schwa: a cup of coffee. The a and the of are tiny: a cup of coffee.",
            },
          ],
        },
      ],
      ...m.videoLessons,
    },
    listenAndRecord: {
      title: 'Listen and repeat: schwa and UH',
      items: [
        { text: 'about', focus: ['AH0'], tip: 'A tiny schwa, then a strong BOUT.' },
        { text: 'banana', focus: ['AH0'], tip: 'buh-NA-nuh: only the middle is strong.' },
        { text: 'today', focus: ['AH0'], tip: 'tuh-DAY: the o is a schwa.' },
        { text: 'problem', focus: ['AH0'], tip: 'PROB-lum: the second syllable is weak.' },
        { text: 'Canada', focus: ['AH0'], tip: 'CAN-uh-duh: two schwas after the strong start.' },
        { text: 'support', focus: ['AH0'], tip: 'suh-PORT: a quick, weak start.' },
        {
          text: 'a cup of coffee',
          focus: ['AH0', 'AH'],
          tip: "Weak 'a' and 'of', a clear UH in 'cup'.",
        },
        {
          text: 'the other one',
          focus: ['AH0', 'AH'],
          tip: "UH in 'other' and 'one', schwa in 'the'.",
        },
        { text: 'lovely Sunday', focus: ['AH'], tip: 'A relaxed, clear UH in love and Sun.' },
      ],
      ...m.listenAndRecord,
    },
    listenAndChoose: {
      title: 'UH or another vowel?',
      items: [
        choose('cup', ['cup', 'cap']),
        choose('lock', ['luck', 'lock']),
        choose('bag', ['bug', 'bag']),
        choose('hut', ['hot', 'hut']),
        choose('fun', ['fan', 'fun']),
        choose('match', ['much', 'match']),
      ],
      ...m.listenAndChoose,
    },
    recognisingTools: {
      title: 'AI check: the schwa',
      items: [
        { word: 'about', focus: ['AH0'], tip: 'Start very short and weak.' },
        { word: 'banana', focus: ['AH0'], tip: 'Two schwas around a strong middle.' },
        { word: 'today', focus: ['AH0'], tip: 'tuh-DAY.' },
        { word: 'famous', focus: ['AH0'], tip: "FAY-mus: the 'ou' is just a schwa." },
        { word: 'lemon', focus: ['AH0'], tip: 'LEM-un: a weak second syllable.' },
        { word: 'computer', focus: ['AH0'], tip: 'kum-PYOO-ter: a weak first syllable.' },
        { word: 'money', focus: ['AH'], tip: 'A relaxed, stressed UH: MUH-nee.' },
      ],
      ...m.recognisingTools,
    },
  },
  fluencyActivities: {
    items: [
      {
        title: 'A lovely Sunday',
        prompt: 'Read it smoothly. Let the small words be quick and weak.',
        text: 'On Sunday my cousin and I had lunch at a little cafe. We had a cup of coffee and a piece of lemon cake, and we talked about our plans for the summer.',
      },
      {
        title: 'A famous city',
        prompt: 'Read it like a short travel story.',
        text: 'Toronto is a famous city in Canada. Thousands of visitors come every summer to enjoy the parks, the museums and the lake.',
      },
      {
        title: 'A problem at work',
        prompt: 'Explain it calmly, as if you are talking to your manager.',
        text: 'We have a small problem with the computer. It stops working about once a day, so I have to wait a minute and start it again.',
      },
    ],
    ...m.fluencyActivities,
  },
  finalAssessment: {
    items: [
      {
        text: 'My brother bought a banana and a lemon.',
        instructions: 'Say it naturally. Keep the schwa sounds short and relaxed.',
      },
      {
        text: 'Could you support us with the other problem today?',
        instructions: 'Ask the question politely. Make the weak syllables quick.',
      },
      {
        text: 'It was a lovely summer in Canada.',
        instructions: 'Read it with a smile. Clear UH in "lovely" and "summer".',
      },
    ],
    ...m.finalAssessment,
  },
});
