import { choose, defineModule, sectionMessages } from '../define.ts';

const m = sectionMessages('final consonants');

export const finalConsonantsModule = defineModule({
  id: 7,
  code: 'final-consonants',
  slug: 'final-consonants',
  title: 'Finish Your Words',
  subTitle: 'final consonants: bed, bet, asked',
  description:
    "In many languages words end in a vowel, so English endings are easy to drop: 'asked' becomes 'ask', 'friends' becomes 'friend'. But the ending often carries the meaning: past tense, plurals, even the word itself. Learn to finish every word, without adding an extra vowel, and to use vowel length to tell 'bed' from 'bet'.",
  icon: { label: '-d', color: '#C0392B' },
  isIntro: false,
  group: 'free-trial',
  order: 3,
  focus: 'sounds',
  sounds: ['T', 'D', 'K', 'G', 'P', 'B', 'S', 'Z'],
  preLesson: {
    items: [
      {
        text: 'He asked his friends to bring six big bags of food.',
        instructions:
          'Read this sentence out loud in your normal voice. Say it the way you usually would.',
      },
    ],
    ...m.preLesson,
  },
  guidedLesson: {
    videoLessons: {
      lessons: [
        {
          title: 'Every ending counts',
          slides: [
            {
              heading: 'Endings carry meaning',
              body: 'ask / asked\nfriend / friends\nwant / wanted',
              narration:
                'In English, the end of a word carries a lot of meaning. Ask and asked. Friend and friends. Want and wanted. If you drop the ending, people hear a different word or a different time.',
            },
            {
              heading: "Don't add a vowel",
              body: "big, not 'bigu'\nstop, not 'stoppo'\nClose the sound and stop.",
              sayText: 'big',
              narration:
                'Finish the word, but do not add a vowel after it. Big, not bigu. Stop, not stoppo. Make the consonant and then simply stop. Your mouth can stay closed.',
            },
            {
              heading: 'The -ed ending',
              body: 'T after quiet sounds: asked, stopped\nD after voiced sounds: played, lived\nID after T or D: wanted, needed',
              sayText: 'asked',
              narration:
                'The e d ending has three sounds. After quiet sounds it is a T: asked, stopped. After voiced sounds it is a D: played, lived. After T or D it is a new syllable: wanted, needed.',
            },
            {
              heading: 'The -s ending',
              body: 'S after quiet sounds: cats, books\nZ after voiced sounds: dogs, friends\nIZ after S, Z, SH, CH: buses',
              sayText: 'friends',
              narration:
                'The s ending works the same way. It is an S after quiet sounds: cats, books. A Z after voiced sounds: dogs, friends. And a new syllable after hissing sounds: buses, watches.',
            },
          ],
        },
        {
          title: 'Long vowel, short vowel',
          slides: [
            {
              heading: 'The secret of bed and bet',
              body: 'Before a voiced ending (D, G, B, Z), the vowel is longer.\nbed is longer than bet.',
              sayText: 'bed, bet',
              narration:
                'Here is a secret that native speakers use without knowing it. Before a voiced ending, like D, G, B, or Z, the vowel is longer. Bed is longer than bet. Listen: bed, bet.',
            },
            {
              heading: 'More pairs',
              body: 'bag / back\ncab / cap\nrise / rice',
              narration:
                'Hear the same thing in more pairs. Bag, back. Cab, cap. Rise, rice. The first word in each pair has a longer vowel.',
            },
            {
              heading: 'Consonant groups',
              body: 'next, months, texts: say every sound, but keep them smooth.',
              sayText: 'next week',
              narration:
                'Some endings have many consonants together: next, months, texts. Say every sound, but keep them smooth and quick. Next week. Six months.',
            },
            {
              heading: "Let's practise",
              body: 'I liked the old red bikes.',
              sayText: 'I liked it.',
              narration:
                "Let's practise. I liked the old red bikes. Did you hear the T in liked, the D in old and red, and the S in bikes? Once more: I liked the old red bikes.",
            },
          ],
        },
      ],
      ...m.videoLessons,
    },
    listenAndRecord: {
      title: 'Listen and repeat: finish the word',
      items: [
        { text: 'desk', focus: ['S', 'K'], tip: 'End with S and then K. Do not drop the K.' },
        { text: 'asked', focus: ['S', 'K', 'T'], tip: "Sounds like 'askt': S, K, T, all quick." },
        { text: 'friends', focus: ['N', 'D', 'Z'], tip: 'N, a light D, then a buzzing Z.' },
        {
          text: 'stopped',
          focus: ['P', 'T'],
          tip: "Sounds like 'stopt'. Close the lips for P, then T.",
        },
        { text: 'played', focus: ['D'], tip: "Sounds like 'playd', one syllable." },
        { text: 'wanted', focus: ['T', 'D'], tip: 'Two syllables: WAN-tid.' },
        { text: 'big bag', focus: ['G'], tip: 'Finish each G, but do not add a vowel.' },
        {
          text: 'next week',
          focus: ['K', 'S', 'T'],
          tip: 'Say the K-S-T of next, then go straight into week.',
        },
        {
          text: 'He liked it.',
          focus: ['K', 'T'],
          tip: "'Liked' ends in a T sound that links to 'it'.",
        },
        {
          text: 'I need help.',
          focus: ['D', 'L', 'P'],
          tip: 'Finish the D in need and the P in help.',
        },
      ],
      ...m.listenAndRecord,
    },
    listenAndChoose: {
      title: 'Which ending do you hear?',
      items: [
        choose('bed', ['bet', 'bed']),
        choose('back', ['back', 'bag']),
        choose('cab', ['cap', 'cab']),
        choose('rice', ['rise', 'rice']),
        choose('seed', ['seat', 'seed']),
        choose('pig', ['pick', 'pig']),
        choose('card', ['car', 'card']),
      ],
      ...m.listenAndChoose,
    },
    recognisingTools: {
      title: 'AI check: word endings',
      items: [
        { word: 'help', focus: ['L', 'P'], tip: 'Close the lips for P at the very end.' },
        { word: 'asked', focus: ['S', 'K', 'T'], tip: "Three sounds at the end: 'askt'." },
        { word: 'stopped', focus: ['P', 'T'], tip: "One syllable: 'stopt'." },
        { word: 'next', focus: ['K', 'S', 'T'], tip: 'K, S and T together.' },
        {
          word: 'months',
          focus: ['N', 'TH', 'S'],
          tip: 'N, then a quick TH and S. Many natives simplify to "mons", but try all three.',
        },
        { word: 'hands', focus: ['N', 'D', 'Z'], tip: 'End with a buzzing Z.' },
        { word: 'world', focus: ['L', 'D'], tip: 'Touch for L, then a light D.' },
      ],
      ...m.recognisingTools,
    },
  },
  fluencyActivities: {
    items: [
      {
        title: 'Last weekend',
        prompt: 'Read it at a relaxed speed. Say every -ed ending.',
        text: 'Last weekend I cleaned my flat, washed the clothes, and cooked a big meal. In the evening my friends visited, and we talked and laughed for hours.',
      },
      {
        title: 'At the shop',
        prompt: 'Say it clearly, as if you are reading a list to someone.',
        text: 'I need two loaves of bread, six eggs, some grapes, a bag of rice, and three tins of beans.',
      },
      {
        title: 'A lost bag',
        prompt: 'Tell it like a short story. Finish every word.',
        text: 'I left my bag on the bus and asked the driver for help. He looked in the back and found it under a seat. I thanked him and walked home.',
      },
    ],
    ...m.fluencyActivities,
  },
  finalAssessment: {
    items: [
      {
        text: 'She asked me to send the old red cards.',
        instructions: 'Say every ending clearly: asked, send, old, red, cards.',
      },
      {
        text: 'We played games and watched films last night.',
        instructions: 'Read it naturally. Make the -ed endings light but clear.',
      },
      {
        text: 'He picked up six big bags and a box of books.',
        instructions: 'Take your time. Finish every word without adding a vowel.',
      },
    ],
    ...m.finalAssessment,
  },
});
