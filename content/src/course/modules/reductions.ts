import { choose, defineModule, sectionMessages } from '../define.ts';

const m = sectionMessages('reduced words');

export const reductionsModule = defineModule({
  id: 12,
  code: 'reductions',
  slug: 'reductions',
  title: 'Reductions',
  subTitle: 'gonna, wanna, cup of tea',
  description:
    "In everyday American English, small words shrink: 'going to' becomes 'gonna', 'want to' becomes 'wanna', 'and' becomes 'n'. Learn the most common reductions and contractions, so you understand fast speech and sound relaxed and natural when you talk.",
  icon: { label: '…', color: '#7F8C8D' },
  isIntro: false,
  group: 'connected-speech',
  order: 3,
  focus: 'prosody',
  sounds: ['AH0', 'ER0', 'N'],
  preLesson: {
    items: [
      {
        text: 'I am going to have a cup of tea, and then I want to go home.',
        instructions: 'Read this sentence out loud in your normal, relaxed voice.',
      },
    ],
    ...m.preLesson,
  },
  guidedLesson: {
    videoLessons: {
      lessons: [
        {
          title: 'Small words shrink',
          slides: [
            {
              heading: 'Weak forms',
              body: 'to = tuh\nof = uh\nand = n\nfor = fer',
              narration:
                "In natural speech, small grammar words shrink. To becomes tuh. Of becomes uh. And becomes {n|[['@n]]}. For becomes fer. They lose their full vowel and become schwa.",
            },
            {
              heading: 'In phrases',
              body: 'a cup of tea = a cuppa tea\nbread and butter = bread n butter\nfor you = fer you',
              sayText: 'a cup of tea',
              narration:
                "Listen to them in phrases. A cup of tea: a cuppa tea. Bread and butter: {bread n butter|bread'n butter}. This is for you: this is fer you.",
            },
            {
              heading: 'Contractions',
              body: "I am = I'm, you will = you'll, they would = they'd, I have = I've",
              narration:
                "Contractions are also reductions, and they are normal in speech, even in business. I am becomes I'm. You will becomes you'll. They would becomes they'd. I have becomes I've.",
            },
            {
              heading: 'Listen for them',
              body: "I'd like tea / I like tea\nWe'll walk / We walk\nThe small sound changes the meaning.",
              narration:
                "Listen carefully, because a tiny sound can change the meaning. I'd like tea is a polite request. I like tea is a fact. We'll walk is the future. We walk is a habit.",
            },
          ],
        },
        {
          title: 'Gonna, wanna, gotta',
          slides: [
            {
              heading: 'going to = gonna',
              body: "I'm going to call you = I'm gonna call you\nOnly when 'going to' is followed by a verb.",
              sayText: "I'm going to call you.",
              narration:
                "Going to becomes gonna, but only when a verb follows. I'm gonna call you. But I'm going to Paris stays going to, because Paris is a place.",
            },
            {
              heading: 'want to = wanna',
              body: "I want to go = I wanna go\nDo you want to eat? = D'you wanna eat?",
              sayText: 'I want to go.',
              narration:
                'Want to becomes wanna. I wanna go. Do you wanna eat? And have to becomes hafta: I hafta leave.',
            },
            {
              heading: 'Listen, then choose',
              body: 'Understand all reductions. Use them in relaxed speech, and write the full forms.',
              narration:
                'Here is a good rule. Learn to understand all these reductions, because you will hear them everywhere. Use them when you speak in relaxed situations. But always write the full forms.',
            },
            {
              heading: "Let's practise",
              body: 'What are you going to do?\n= Whatcha gonna do?',
              sayText: 'What are you going to do?',
              narration:
                "Let's practise. What are you going to do? In fast speech it sounds like whatcha gonna do. Try it both ways.",
            },
          ],
        },
      ],
      ...m.videoLessons,
    },
    listenAndRecord: {
      title: 'Listen and repeat: relaxed speech',
      items: [
        { text: 'a cup of tea', focus: ['AH0'], tip: "'of' is just a schwa: a cuppa tea." },
        { text: 'bread and butter', focus: ['N'], tip: "'and' is just n: bread n butter." },
        { text: 'I want to go.', focus: ['AH0'], tip: 'Relaxed: I wanna go.' },
        { text: 'What do you want?', focus: ['AH0'], tip: 'Relaxed: whaddaya want?' },
        { text: 'I have to leave.', focus: ['AH0'], tip: 'Relaxed: I hafta leave.' },
        { text: 'Let me see.', tip: 'Relaxed: lemme see.' },
        { text: 'Give me a minute.', focus: ['AH0'], tip: 'Relaxed: gimme a minute.' },
        { text: 'What are you doing?', focus: ['ER0'], tip: 'Relaxed: whatcha doing?' },
        { text: "I'm going to call you.", focus: ['AH0'], tip: "Relaxed: I'm gonna call you." },
      ],
      ...m.listenAndRecord,
    },
    listenAndChoose: {
      title: 'Did you hear the small word?',
      items: [
        choose("I'd like tea.", ['I like tea.', "I'd like tea."]),
        choose('We walk.', ["We'll walk.", 'We walk.']),
        choose("They'd agree.", ["They'd agree.", 'They agree.']),
        choose('You win.', ["You'll win.", 'You win.']),
        choose("I've got it.", ["I've got it.", 'I got it.']),
        choose("He's left.", ['He left.', "He's left."]),
      ],
      ...m.listenAndChoose,
    },
    recognisingTools: {
      title: 'AI check: reduced phrases',
      items: [
        { word: 'cup of tea', tip: "A weak 'of'." },
        { word: 'rock and roll', tip: "'and' becomes n." },
        { word: 'want to', tip: 'Link them smoothly.' },
        { word: 'going to', tip: 'Keep "to" weak.' },
        { word: 'have to', tip: "The V becomes F before 'to': hafta." },
        { word: 'give me', tip: 'Link them: gimme.' },
      ],
      ...m.recognisingTools,
    },
  },
  fluencyActivities: {
    items: [
      {
        title: 'Plans for tonight',
        prompt: 'Read it in a relaxed way, like talking to a friend. Let the small words shrink.',
        text: "What are you going to do tonight? I'm going to stay home and watch a movie. Do you want to come over? We can order some pizza.",
      },
      {
        title: 'Breakfast',
        prompt: "Make 'and', 'of' and 'for' weak.",
        text: 'For breakfast I usually have a cup of coffee, some bread and butter, and a bowl of fruit. It is quick and easy, and it is good for me.',
      },
      {
        title: 'A busy day',
        prompt: 'Use contractions and reductions where they feel natural.',
        text: "I have to finish this report, and then I've got to pick up the kids. Give me a minute, and I'll call you back.",
      },
    ],
    ...m.fluencyActivities,
  },
  finalAssessment: {
    items: [
      {
        text: "I'm going to make a cup of tea. Do you want one?",
        instructions: 'Say it in a relaxed, friendly way. Weak "to", "a" and "of".',
      },
      {
        text: 'I have to go, but I will call you later.',
        instructions: 'Natural speed. Let "have to" and "I will" shrink if it feels natural.',
      },
      {
        text: 'We need some bread and cheese for the picnic.',
        instructions: 'Make "and" and "for" weak. Stress bread, cheese and picnic.',
      },
    ],
    ...m.finalAssessment,
  },
});
