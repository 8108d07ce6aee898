import { choose, defineModule, sectionMessages } from '../define.ts';

const m = sectionMessages('V and W');

export const vwModule = defineModule({
  id: 6,
  code: 'v-w',
  slug: 'v-and-w',
  title: 'V and W',
  subTitle: 'very, well, video, vote',
  description:
    "'Vest' or 'west'? 'Very' or 'berry'? Speakers of Hindi, Bengali, German, Spanish, Chinese and many other languages mix up V, W and B. Learn the three mouth shapes: teeth on lip for V, round lips for W, and closed lips for B.",
  icon: { label: 'V/W', color: '#8E44AD' },
  isIntro: false,
  group: 'free-trial',
  order: 2,
  focus: 'sounds',
  sounds: ['V', 'W', 'B'],
  preLesson: {
    items: [
      {
        text: 'We have a very good view of the village from the west window.',
        instructions:
          'Read this sentence out loud in your normal voice. There are no wrong answers.',
      },
    ],
    ...m.preLesson,
  },
  guidedLesson: {
    videoLessons: {
      lessons: [
        {
          title: 'Three mouth shapes',
          slides: [
            {
              heading: 'V: teeth on lip',
              body: 'Gently rest your top teeth on your bottom lip. Turn your voice on. It buzzes.',
              sayText: 'very',
              narration:
                'For V, gently rest your top teeth on your bottom lip. Turn on your voice and push a little air. You should feel your lip buzz. Very. Voice. Village.',
            },
            {
              heading: 'W: round lips',
              body: 'Make your lips small and round, like a kiss. No teeth touch. Then open quickly.',
              sayText: 'well',
              narration:
                'For W, your teeth do not touch your lip at all. Make your lips small and round, like a kiss, and then open them quickly into the vowel. Well. West. Window.',
            },
            {
              heading: 'B: closed lips',
              body: 'Close both lips, then open them with a small pop.',
              sayText: 'berry',
              narration:
                'For B, close both lips completely and then open them with a small pop. Berry. Boat. Best. For V, the lips never close.',
            },
            {
              heading: 'Use a mirror',
              body: 'vest / west / best\nLook: teeth, round lips, closed lips.',
              narration:
                'Use a mirror and watch your mouth. Vest: you see your top teeth. West: you see round lips. Best: your lips close. Vest, west, best.',
            },
          ],
        },
        {
          title: 'V and W together',
          slides: [
            {
              heading: 'V at the end',
              body: 'love, have, five, give: keep the buzz at the end. Do not turn it into F.',
              sayText: 'five',
              narration:
                'V at the end of a word still buzzes. Love. Have. Five. Give. Keep your voice on, so it does not sound like F.',
            },
            {
              heading: 'W in the middle',
              body: 'away, between, always: round your lips in the middle of the word.',
              sayText: 'between',
              narration:
                'W in the middle of a word needs round lips too. Away. Between. Always. Some W words are spelled with a U, like quick and language.',
            },
            {
              heading: 'Both in one phrase',
              body: 'very well\nwe visit\nwhite van',
              sayText: 'very well',
              narration:
                'Now both in one phrase. Very well. We visit. White van. Teeth on lip for V, round lips for W. Go slowly at first.',
            },
            {
              heading: "Let's practise",
              body: 'We will visit the village in the valley every weekend.',
              sayText: 'We will visit',
              narration:
                "Let's try a sentence. We will visit the village in the valley every weekend. Once more, a little faster: we will visit the village in the valley every weekend.",
            },
          ],
        },
      ],
      ...m.videoLessons,
    },
    listenAndRecord: {
      title: 'Listen and repeat: V, W and B',
      items: [
        { text: 'very', focus: ['V'], tip: "Top teeth on your lip and buzz. Not 'berry'." },
        { text: 'well', focus: ['W'], tip: 'Round lips, no teeth, then open.' },
        { text: 'video', focus: ['V'], tip: 'VID-ee-oh: teeth on lip at the start.' },
        { text: 'wave', focus: ['W', 'V'], tip: 'Round lips to start, teeth on lip to finish.' },
        { text: 'van', focus: ['V'], tip: 'Buzz first, then open to the vowel.' },
        { text: 'seven', focus: ['V'], tip: 'SEV-en: the V in the middle buzzes.' },
        { text: 'twelve', focus: ['W', 'V'], tip: 'T and W together, then end with a buzzing V.' },
        { text: 'voice', focus: ['V'], tip: 'Feel your lip tickle on the V.' },
        {
          text: 'We went very fast.',
          focus: ['W', 'V'],
          tip: "Round lips for 'we' and 'went', teeth for 'very'.",
        },
        {
          text: 'Have a wonderful evening.',
          focus: ['V', 'W'],
          tip: "V ends 'have', W starts 'wonderful', V inside 'evening'.",
        },
      ],
      ...m.listenAndRecord,
    },
    listenAndChoose: {
      title: 'V, W or B?',
      items: [
        choose('west', ['vest', 'west']),
        choose('vine', ['vine', 'wine']),
        choose('wet', ['vet', 'wet']),
        choose('veil', ['whale', 'veil']),
        choose('berry', ['very', 'berry']),
        choose('vote', ['boat', 'vote']),
      ],
      ...m.listenAndChoose,
    },
    recognisingTools: {
      title: 'AI check: V and W',
      items: [
        { word: 'very', focus: ['V'], tip: 'Teeth on lip, with a buzz.' },
        {
          word: 'water',
          focus: ['W'],
          tip: 'Round lips for W; the T in the middle is a quick tap.',
        },
        { word: 'video', focus: ['V'], tip: 'Start with the buzz.' },
        { word: 'twelve', focus: ['W', 'V'], tip: 'Round lips after T, buzz at the end.' },
        { word: 'victory', focus: ['V'], tip: 'VIC-tor-ee: the V carries the stress.' },
        { word: 'between', focus: ['W'], tip: 'be-TWEEN: round lips right after the T.' },
        { word: 'always', focus: ['W'], tip: 'ALL-ways: round lips in the middle.' },
      ],
      ...m.recognisingTools,
    },
  },
  fluencyActivities: {
    items: [
      {
        title: 'A weekend away',
        prompt: 'Read at a relaxed speed. Watch your lips: teeth for V, round for W.',
        text: 'Every winter we travel to a small village by the river. We walk in the woods, visit old friends, and have warm vegetable soup for dinner.',
      },
      {
        title: 'A video call',
        prompt: 'Read it like a message to a colleague.',
        text: 'Would you like to have a video call on Wednesday? We can review the values we want for the new website and vote on the final version.',
      },
      {
        title: 'The weather',
        prompt: 'Say it like a weather report: calm and clear.',
        text: 'The wind will be very strong in the west tonight. It will be wet and windy, with heavy rain over the valley by Wednesday evening.',
      },
    ],
    ...m.fluencyActivities,
  },
  finalAssessment: {
    items: [
      {
        text: 'We visited a very old village in the valley.',
        instructions: 'Say it clearly. Round lips for W, teeth on lip for every V.',
      },
      {
        text: 'Would you like a glass of wine or water with your vegetables?',
        instructions: 'Ask the question naturally. Keep "wine" and "vegetables" clearly different.',
      },
      {
        text: 'Vivian will have twelve visitors on Wednesday.',
        instructions: 'Take your time with "Vivian" and "twelve visitors". Then say it smoothly.',
      },
    ],
    ...m.finalAssessment,
  },
});
