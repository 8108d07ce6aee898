import { choose, defineModule, sectionMessages } from '../define.ts';

const m = sectionMessages('sentence stress');

export const sentenceStressModule = defineModule({
  id: 9,
  code: 'sentence-stress',
  slug: 'sentence-stress',
  title: 'Sentence Stress',
  subTitle: "strong words, weak words: I CAN'T GO",
  description:
    "English has a beat. In a sentence the important words, the ones that carry meaning, are long and strong, and the small grammar words between them are quick and weak. This rhythm helps people understand you, and it explains why 'I can go' and 'I can't go' sound so different in American English.",
  icon: { label: '♪', color: '#D35400' },
  isIntro: false,
  group: 'rhythm',
  order: 2,
  focus: 'prosody',
  sounds: ['AH0', 'AE'],
  preLesson: {
    items: [
      {
        text: "I can meet you tomorrow, but I can't stay for lunch.",
        instructions: 'Read this sentence out loud in your normal voice.',
      },
    ],
    ...m.preLesson,
  },
  guidedLesson: {
    videoLessons: {
      lessons: [
        {
          title: 'Content words and function words',
          slides: [
            {
              heading: 'Strong words',
              body: 'Nouns, main verbs, adjectives, adverbs, question words and NOT are stressed.',
              narration:
                'In a sentence, some words are strong. These are the content words: nouns, main verbs, adjectives, adverbs, question words, and negatives like not and never. They carry the meaning.',
            },
            {
              heading: 'Weak words',
              body: 'a, the, to, of, and, for, can, is, are, you, him: short, quick and quiet.',
              narration:
                'The small grammar words are weak: a, the, to, of, and, for, can, is, are. We say them quickly and quietly, and their vowels often become schwa.',
            },
            {
              heading: 'Hear the beat',
              body: 'I WANT to BUY a NEW CAR.\nThe strong words come at an even beat.',
              sayText: 'I want to buy a new car.',
              narration:
                'Listen for the beat. I want to buy a new car. Want, buy, new, car are strong. The words between them are squeezed in. Tap the table on each strong word.',
            },
            {
              heading: 'The message test',
              body: 'Read only the strong words: WANT BUY NEW CAR. You still understand!',
              narration:
                'Here is a test. Say only the strong words: want, buy, new, car. You still understand the message. That is why these words get the stress.',
            },
          ],
        },
        {
          title: "Can or can't?",
          slides: [
            {
              heading: 'can is weak',
              body: 'I can GO. "can" is short, with a schwa: kn.\nThe verb is strong.',
              sayText: 'I can go.',
              narration:
                'In American English, can is usually weak. I can go. The word can is short, almost {kn|[[k@n]]}, and the verb go is strong.',
            },
            {
              heading: "can't is strong",
              body: 'I CAN\'T GO. "can\'t" is strong, with a clear A, like in cat.',
              sayText: "I can't go.",
              narration:
                "Can't is strong. I can't go. You hear a full A, like in cat, and the T is often very quiet. So listen for the stress, not the T.",
            },
            {
              heading: 'Stress for contrast',
              body: 'I said RED, not blue.\nStress the word that corrects or contrasts.',
              narration:
                'You can also stress a word to show contrast or to correct someone. I wanted the red one, not the blue one. I said Tuesday, not Thursday.',
            },
            {
              heading: "Let's practise",
              body: "I can swim, but I can't dive.",
              sayText: "I can swim, but I can't dive.",
              narration:
                "Let's practise. I can swim, but I can't dive. Weak can, strong swim. Strong can't, strong dive. Once more: I can swim, but I can't dive.",
            },
          ],
        },
      ],
      ...m.videoLessons,
    },
    listenAndRecord: {
      title: 'Listen and repeat: feel the beat',
      items: [
        { text: 'I can swim.', focus: ['AH0'], tip: "Weak 'can', strong 'swim'." },
        {
          text: "I can't swim.",
          focus: ['AE'],
          tip: "Strong 'can't' with a clear A, strong 'swim'.",
        },
        {
          text: 'What do you want?',
          focus: ['AH0'],
          tip: "Stress 'what' and 'want'. 'Do you' is quick.",
        },
        {
          text: "I'd like a cup of tea.",
          focus: ['AH0'],
          tip: 'Strong: like, cup, tea. Weak: a, of.',
        },
        {
          text: 'She went to the store.',
          focus: ['AH0'],
          tip: "Strong: went, store. 'To the' is very quick.",
        },
        { text: "It's not my fault.", tip: "Stress 'not' and 'fault'." },
        {
          text: 'I need to go home.',
          focus: ['AH0'],
          tip: "Strong: need, go, home. 'To' is weak.",
        },
        { text: 'Where are you from?', focus: ['AH0'], tip: "Stress 'where' and 'from'." },
      ],
      ...m.listenAndRecord,
    },
    listenAndChoose: {
      title: "can or can't?",
      items: [
        choose("I can't do it.", ['I can do it.', "I can't do it."]),
        choose('She can drive.', ['She can drive.', "She can't drive."]),
        choose("We can't stay.", ['We can stay.', "We can't stay."]),
        choose('He can swim.', ["He can't swim.", 'He can swim.']),
        choose("They can't come.", ["They can't come.", 'They can come.']),
        choose('You can park here.', ['You can park here.', "You can't park here."]),
      ],
      ...m.listenAndChoose,
    },
    recognisingTools: {
      title: 'AI check: strong and weak',
      items: [
        { word: 'important', tip: 'im-POR-tant: a strong middle.' },
        { word: 'tomorrow', tip: 'to-MOR-row.' },
        { word: 'understand', tip: 'un-der-STAND: stress at the end.' },
        { word: 'afternoon', tip: 'af-ter-NOON.' },
        { word: "can't", focus: ['AE'], tip: 'A full, clear A.' },
        { word: 'nothing', focus: ['AH'], tip: 'NUH-thing: stress the first syllable.' },
      ],
      ...m.recognisingTools,
    },
  },
  fluencyActivities: {
    items: [
      {
        title: 'Weekend plans',
        prompt: 'Read it with a clear beat. Tap your finger on each strong word.',
        text: 'On Saturday I want to visit my parents. We are going to have lunch in the garden and then go for a walk by the river.',
      },
      {
        title: "Can and can't",
        prompt: "Make the difference between 'can' and 'can't' very clear.",
        text: "I can cook, but I can't bake. My sister can bake, but she can't cook. So when we have a party, we always cook together.",
      },
      {
        title: 'Not that one',
        prompt: 'Stress the words that correct or contrast.',
        text: 'I did not order the chicken, I ordered the fish. And I asked for water, not juice. But the dessert was perfect.',
      },
    ],
    ...m.fluencyActivities,
  },
  finalAssessment: {
    items: [
      {
        text: "I can come on Monday, but I can't come on Friday.",
        instructions: "Make 'can' weak and 'can't' strong.",
      },
      {
        text: 'We need to buy some bread and a bottle of milk.',
        instructions: 'Stress the content words. Let "to", "some", "and", "a" and "of" be quick.',
      },
      {
        text: 'I asked for the blue shirt, not the red one.',
        instructions: 'Stress "blue" and "red" to show the contrast.',
      },
    ],
    ...m.finalAssessment,
  },
});
