import { choose, defineModule, sectionMessages } from '../define.ts';

const m = sectionMessages('the American T');

export const flapTModule = defineModule({
  id: 2,
  code: 'flap-t',
  slug: 'the-american-t',
  title: 'The American T',
  subTitle: 'time, water, better, a lot of',
  description:
    "The letter T has several sounds in American English. At the start of a stressed syllable it is strong, with a puff of air: 'time', 'today'. Between vowels it becomes a quick tap, like a soft D: 'water', 'better', 'a lot of'. Learn when to use each, and sound more natural right away.",
  icon: { label: 'T', color: '#F29E4C' },
  isIntro: false,
  group: 'core-sounds',
  order: 2,
  focus: 'sounds',
  sounds: ['T', 'D'],
  preLesson: {
    items: [
      {
        text: 'It is a little better to drink water at this time of day.',
        instructions: 'Read this sentence out loud in your normal voice.',
      },
    ],
    ...m.preLesson,
  },
  guidedLesson: {
    videoLessons: {
      lessons: [
        {
          title: 'The strong T',
          slides: [
            {
              heading: 'T with a puff of air',
              body: 'At the start of a stressed syllable, T is strong. Hold your hand in front of your mouth: you feel air.',
              sayText: 'time',
              narration:
                'At the start of a word, or of a stressed syllable, the American T is strong. Put your hand in front of your mouth and say time. You should feel a puff of air. Time. Today. Attack.',
            },
            {
              heading: 'T or D?',
              body: 'time / dime\nten / den\nT has a puff of air. D has your voice.',
              narration:
                'This puff of air is what makes T different from D. Time, dime. Ten, den. Town, down. If there is no puff, people may hear a D.',
            },
            {
              heading: 'Where is your tongue?',
              body: 'The tongue tip touches the ridge behind your top teeth, not the teeth themselves.',
              narration:
                'Your tongue tip touches the hard ridge just behind your top teeth, not the teeth. This is a little further back than in Spanish, French, or Hindi. Press, then release with air.',
            },
            {
              heading: 'T at the end',
              body: 'cat, what, night: at the end, the T is often short and held, with no puff.',
              sayText: 'What?',
              narration:
                'At the end of a word, Americans often stop the air and hold the T without a puff. Cat. What. Night. The T is there, but it is short and quiet.',
            },
          ],
        },
        {
          title: 'The flap T',
          slides: [
            {
              heading: 'T between vowels',
              body: 'water, better, city, pretty: the T becomes a quick tap, like a soft D.',
              sayText: 'water',
              narration:
                'Now the famous American flap T. When T comes between two vowels, and the next syllable is weak, it becomes a very quick tap, like a soft D. Water. Better. City. Pretty.',
            },
            {
              heading: 'How to tap',
              body: 'Flick the tongue tip once against the ridge behind your top teeth. Very fast, with your voice on.',
              narration:
                'To make the flap, flick the tip of your tongue once, very fast, against the ridge behind your top teeth. Keep your voice on. It is the same quick movement as the D in ladder.',
            },
            {
              heading: 'Between words too',
              body: 'get it, a lot of, what about, put it on',
              sayText: 'a lot of',
              narration:
                'The flap also happens between words, when a T at the end meets a vowel. Get it. A lot of. What about. Put it on.',
            },
            {
              heading: "Let's practise",
              body: 'Put a little water in the kettle.',
              sayText: 'a little water',
              narration:
                "Let's practise. Put a little water in the kettle. Tap in put a, little, and water. Once more: put a little water in the kettle.",
            },
          ],
        },
      ],
      ...m.videoLessons,
    },
    listenAndRecord: {
      title: 'Listen and repeat: the American T',
      items: [
        { text: 'time', focus: ['T'], tip: 'A strong T with a puff of air.' },
        { text: 'today', focus: ['T'], tip: 'tuh-DAY: the T still has a small puff.' },
        { text: 'water', focus: ['T'], tip: 'WAH-der: a quick tap in the middle.' },
        { text: 'better', focus: ['T'], tip: 'BED-er: one quick tap.' },
        { text: 'city', focus: ['T'], tip: 'SID-ee: tap, then a light EE.' },
        { text: 'later', focus: ['T'], tip: 'LAY-der: a soft tap.' },
        { text: 'a lot of', focus: ['T'], tip: 'Sounds like "a-lod-uv", all connected.' },
        { text: 'get it', focus: ['T'], tip: 'The T links to "it" as a tap: "geddit".' },
        { text: 'What about you?', focus: ['T'], tip: 'Tap the T in "what about".' },
        { text: 'Put it on.', focus: ['T'], tip: 'Two taps: "pudidon".' },
      ],
      ...m.listenAndRecord,
    },
    listenAndChoose: {
      title: 'T or D?',
      items: [
        choose('time', ['time', 'dime']),
        choose('die', ['tie', 'die']),
        choose('ten', ['den', 'ten']),
        choose('down', ['town', 'down']),
        choose('try', ['try', 'dry']),
        choose('door', ['tore', 'door']),
      ],
      ...m.listenAndChoose,
    },
    recognisingTools: {
      title: 'AI check: the American T',
      items: [
        { word: 'water', focus: ['T'], tip: 'Tap the T.' },
        { word: 'better', focus: ['T'], tip: 'One quick tap.' },
        { word: 'city', focus: ['T'], tip: 'Tap, then EE.' },
        { word: 'letter', focus: ['T'], tip: 'LED-er.' },
        { word: 'pretty', focus: ['T'], tip: 'PRID-ee.' },
        { word: 'matter', focus: ['T'], tip: 'MAD-er.' },
        { word: 'tomorrow', focus: ['T'], tip: 'A light T at the start: tuh-MAH-row.' },
      ],
      ...m.recognisingTools,
    },
  },
  fluencyActivities: {
    items: [
      {
        title: 'A busy city',
        prompt: 'Read it smoothly. Tap the T between vowels.',
        text: 'Seattle is a pretty city on the water. It gets a lot of rain, but later in the summer the weather is better and the streets are full of visitors.',
      },
      {
        title: 'Getting ready',
        prompt: 'Say it like you are talking to a friend who is late.',
        text: 'Get your coat and put it on. We are going to be a little late, but it does not matter. We can get a taxi at the hotel.',
      },
      {
        title: 'A letter',
        prompt: 'Read it as if you are telling someone good news.',
        text: 'I got a letter today. My sister is getting married in October, and she wants me to write a little speech for the party.',
      },
    ],
    ...m.fluencyActivities,
  },
  finalAssessment: {
    items: [
      {
        text: 'It is a little better to sit by the water.',
        instructions: 'Say it naturally. Tap the T in "little", "better" and "water".',
      },
      {
        text: 'Tell Tom to take the train at two.',
        instructions: 'Every T here starts a strong syllable: give each one a puff of air.',
      },
      {
        text: 'What are you getting for your daughter?',
        instructions: 'Ask it naturally. Tap in "what are", "getting" and "daughter".',
      },
    ],
    ...m.finalAssessment,
  },
});
