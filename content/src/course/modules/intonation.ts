import { choose, defineModule, sectionMessages } from '../define.ts';

const m = sectionMessages('rising and falling intonation');

export const intonationModule = defineModule({
  id: 10,
  code: 'intonation',
  slug: 'intonation',
  title: 'Intonation',
  subTitle: 'the melody of questions and statements',
  description:
    'Intonation is the melody of your voice: it goes up and down. In English the melody tells people if you are asking or telling, if you are finished or still talking, and how you feel. Learn the falling tune for statements and WH-questions, the rising tune for yes-no questions, and the tune of lists.',
  icon: { label: '↗↘', color: '#2C3E50' },
  isIntro: false,
  group: 'connected-speech',
  order: 1,
  focus: 'prosody',
  sounds: [],
  preLesson: {
    items: [
      {
        text: 'Do you want tea or coffee? I have milk, sugar, and honey.',
        instructions: 'Read these two sentences out loud in your normal voice.',
      },
    ],
    ...m.preLesson,
  },
  guidedLesson: {
    videoLessons: {
      lessons: [
        {
          title: 'Up or down?',
          slides: [
            {
              heading: 'Statements fall',
              body: "It's on Tuesday. ↘\nThe voice goes down at the end: you are sure, you are finished.",
              sayText: "It's on Tuesday.",
              narration:
                "Statements end with a fall. It's on Tuesday. Your voice goes down on the last strong word. A fall says: I am sure, and I am finished.",
            },
            {
              heading: 'Yes-no questions rise',
              body: 'Is it on Tuesday? ↗\nThe voice goes up at the end.',
              sayText: 'Is it on Tuesday?',
              narration:
                'Questions that you answer with yes or no usually rise at the end. Is it on Tuesday? Your voice goes up on the last strong word.',
            },
            {
              heading: 'WH-questions fall',
              body: 'Where do you live? ↘\nWhat time is it? ↘',
              sayText: 'Where do you live?',
              narration:
                'Questions with who, what, where, when, why, and how usually fall, like statements. Where do you live? What time is it? A rise here can sound surprised.',
            },
            {
              heading: 'A rise turns a statement into a question',
              body: "You're coming. ↘ (telling)\nYou're coming? ↗ (checking)",
              narration:
                "A rise can turn a statement into a question. You're coming, with a fall, is a fact. You're coming, with a rise, checks if it is true.",
            },
          ],
        },
        {
          title: 'Lists, choices and feelings',
          slides: [
            {
              heading: 'Lists',
              body: 'apples ↗, bananas ↗, and grapes ↘\nRise on each item, fall on the last.',
              sayText: 'apples, bananas, and grapes',
              narration:
                'In a list, the voice rises on each item and falls on the last one. I bought apples, bananas, and grapes. The fall tells the listener the list is finished.',
            },
            {
              heading: 'Choices',
              body: 'Tea ↗ or coffee ↘?\nA rise on the first choice, a fall on the last.',
              sayText: 'Tea or coffee?',
              narration:
                'When you offer a choice, rise on the first choice and fall on the last. Would you like tea, or coffee? The fall means: these are the only choices.',
            },
            {
              heading: 'A flat voice sounds bored',
              body: 'Use a bigger range than in your language. Go higher on important words.',
              narration:
                'Many learners speak English with a flat voice, and it can sound bored or unfriendly. Use a bigger melody than you think you need, and go higher on the important words.',
            },
            {
              heading: "Let's practise",
              body: "That's great! ↘\nReally? ↗",
              sayText: 'Really?',
              narration:
                "Let's practise. That's great! A big fall shows you mean it. Really? A big rise shows surprise. Once more: that's great! Really?",
            },
          ],
        },
      ],
      ...m.videoLessons,
    },
    listenAndRecord: {
      title: 'Listen and repeat: follow the melody',
      items: [
        { text: 'Where do you live?', tip: "Fall on 'live'." },
        { text: 'Do you live here?', tip: "Rise on 'here'." },
        { text: 'I bought apples, bananas, and grapes.', tip: 'Rise, rise, fall.' },
        { text: 'Really?', tip: 'Start low and rise high: surprise.' },
        { text: 'Can you help me?', tip: "Rise on 'help me'." },
        { text: 'What time is it?', tip: "Fall on 'time'." },
        { text: "That's great!", tip: "A big fall on 'great'." },
        { text: "It's on Tuesday.", tip: "Fall on 'Tuesday'." },
      ],
      ...m.listenAndRecord,
    },
    listenAndChoose: {
      title: 'Question or statement?',
      items: [
        choose("You're coming?", ["You're coming.", "You're coming?"]),
        choose("She's a doctor.", ["She's a doctor.", "She's a doctor?"]),
        choose("It's ready?", ["It's ready?", "It's ready."]),
        choose('He left.', ['He left?', 'He left.']),
        choose('Tomorrow?', ['Tomorrow.', 'Tomorrow?']),
        choose('You like it.', ['You like it.', 'You like it?']),
      ],
      ...m.listenAndChoose,
    },
    recognisingTools: {
      title: 'AI check: everyday words',
      items: [
        { word: 'really', tip: 'Clear R and L, with a rising tune.' },
        { word: 'seriously', tip: 'SEER-ee-us-lee: stress the first syllable.' },
        { word: 'tomorrow', tip: 'to-MOR-row.' },
        { word: 'excuse me', tip: 'ik-SKYOOZ me: a polite rise.' },
        { word: 'sorry', tip: 'SAH-ree: a soft fall.' },
        { word: 'hello', tip: 'heh-LOW: stress the second syllable.' },
      ],
      ...m.recognisingTools,
    },
  },
  fluencyActivities: {
    items: [
      {
        title: 'At a cafe',
        prompt: 'Read both parts. Rise on yes-no questions, fall on statements and WH-questions.',
        text: 'Hi! Are you ready to order? Yes, I would like a coffee, please. Would you like milk or sugar? Just milk, thanks. What size would you like? A large one, please.',
      },
      {
        title: 'Shopping list',
        prompt: 'Rise on every item and fall on the last one.',
        text: 'For the party we need bread, cheese, tomatoes, and something to drink. Do we have enough plates? I think so.',
      },
      {
        title: 'Good news',
        prompt: 'Use a big, happy melody. Show your feelings with your voice.',
        text: 'Guess what? I passed my driving test! Really? That is amazing! Congratulations! Thank you, I am so happy.',
      },
    ],
    ...m.fluencyActivities,
  },
  finalAssessment: {
    items: [
      {
        text: 'Do you want to go to the park this afternoon?',
        instructions: 'A yes-no question: let your voice rise at the end.',
      },
      {
        text: 'Where did you put my keys, my phone, and my wallet?',
        instructions: 'A WH-question with a list: rise on keys and phone, fall on wallet.',
      },
      {
        text: 'Would you like tea or coffee?',
        instructions: 'Offer the choice: rise on tea, fall on coffee.',
      },
    ],
    ...m.finalAssessment,
  },
});
