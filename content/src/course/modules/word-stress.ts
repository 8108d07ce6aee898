import { choose, defineModule, sectionMessages } from '../define.ts';

const m = sectionMessages('word stress');

export const wordStressModule = defineModule({
  id: 8,
  code: 'word-stress',
  slug: 'word-stress',
  title: 'Word Stress',
  subTitle: 'PHOtograph, phoTOgrapher',
  description:
    'In every English word with two or more syllables, one syllable is stronger: longer, louder and a little higher. Put the stress on the wrong syllable and even perfect sounds can be hard to understand. Learn how stress works, the patterns that predict it, and how the weak syllables relax into schwa.',
  icon: { label: 'Ss', color: '#16A085' },
  isIntro: false,
  group: 'rhythm',
  order: 1,
  focus: 'prosody',
  sounds: ['AH0', 'IH0', 'ER0'],
  preLesson: {
    items: [
      {
        text: 'The photographer took a comfortable photograph of the vegetables.',
        instructions:
          'Read this sentence out loud in your normal voice. Do not think about it too much.',
      },
    ],
    ...m.preLesson,
  },
  guidedLesson: {
    videoLessons: {
      lessons: [
        {
          title: 'What is word stress?',
          slides: [
            {
              heading: 'One strong syllable',
              body: 'A stressed syllable is longer, louder and higher.\nba-NA-na, to-MOR-row, PROB-lem',
              sayText: 'banana',
              narration:
                'Every English word with two or more syllables has one strong syllable. It is longer, a little louder, and a little higher. Banana. Tomorrow. Problem.',
            },
            {
              heading: 'Weak syllables relax',
              body: 'The other syllables get shorter, and their vowels often become schwa.',
              narration:
                'The other syllables become short and weak, and their vowels often relax into the schwa. That contrast, strong and weak, is what native listeners listen for.',
            },
            {
              heading: 'Stress can move',
              body: 'PHO-to-graph\npho-TO-gra-pher\npho-to-GRA-phic',
              sayText: 'photographer',
              narration:
                'Stress can move when a word grows. Photograph. Photographer. Photographic. Listen to how the vowels change when they are strong or weak.',
            },
            {
              heading: 'Stress changes meaning',
              body: 'DE-sert (sand) / de-SSERT (cake)\nIN-sight / in-CITE',
              sayText: 'dessert',
              narration:
                'Sometimes stress changes the word. Desert, with sand, and dessert, the sweet food after dinner. Insight and incite. Same sounds, different stress, different words.',
            },
          ],
        },
        {
          title: 'Stress patterns',
          slides: [
            {
              heading: 'Two-syllable words',
              body: 'Most nouns and adjectives: stress the first syllable. TA-ble, HAP-py\nMost verbs: the second. be-GIN, de-CIDE',
              narration:
                'Here are some useful patterns. Most two syllable nouns and adjectives stress the first syllable: table, happy, window. Most two syllable verbs stress the second: begin, decide, forget.',
            },
            {
              heading: 'Endings that guide you',
              body: '-tion, -sion, -ic, -ity: stress the syllable just before.\ninfor-MA-tion, e-co-NO-mic, a-BI-li-ty',
              sayText: 'information',
              narration:
                "Some endings tell you where the stress goes. With {-tion, -sion, -ic, and -ity|[['S@n]], [['Z@n]], [['Ik]], and [[@t'i]]}, stress the syllable just before the ending. Information. Decision. Economic. Ability.",
            },
            {
              heading: 'Compound nouns',
              body: 'Two words make one noun: stress the first part.\nBED-room, FOOT-ball, POST-office',
              narration:
                'When two words join to make one noun, stress the first part. Bedroom. Football. Toothbrush. Post office.',
            },
            {
              heading: "Let's practise",
              body: 'COM-for-ta-ble\nVE-ge-ta-ble\nIN-te-res-ting',
              sayText: 'comfortable',
              narration:
                "Let's practise some words that learners often stress wrongly. Comfortable. Vegetable. Interesting. The stress is at the start, and the middle is quick.",
            },
          ],
        },
      ],
      ...m.videoLessons,
    },
    listenAndRecord: {
      title: 'Listen and repeat: find the strong syllable',
      items: [
        { text: 'photograph', focus: ['AH0'], tip: 'PHO-to-graph: strong first syllable.' },
        {
          text: 'photographer',
          focus: ['AH0', 'ER0'],
          tip: 'pho-TO-gra-pher: the stress moves to the second syllable.',
        },
        { text: 'photographic', focus: ['AH0'], tip: 'pho-to-GRA-phic: stress before -ic.' },
        { text: 'banana', focus: ['AH0'], tip: 'ba-NA-na: strong in the middle.' },
        {
          text: 'comfortable',
          focus: ['ER0', 'AH0'],
          tip: 'COMF-ter-ble: only three quick syllables.',
        },
        { text: 'vegetable', focus: ['AH0'], tip: 'VEJ-ta-ble: stress at the start.' },
        { text: 'information', focus: ['ER0', 'AH0'], tip: 'in-for-MA-tion: stress before -tion.' },
        { text: 'economy', focus: ['AH0'], tip: 'e-CON-o-my: strong second syllable.' },
        { text: 'economic', focus: ['AH0'], tip: 'e-co-NOM-ic: stress before -ic.' },
      ],
      ...m.listenAndRecord,
    },
    listenAndChoose: {
      title: 'Which word do you hear?',
      items: [
        choose('dessert', ['desert', 'dessert']),
        choose('insight', ['insight', 'incite']),
        choose('humane', ['human', 'humane']),
        choose('personnel', ['personal', 'personnel']),
        choose('decent', ['decent', 'descent']),
        choose('below', ['billow', 'below']),
      ],
      ...m.listenAndChoose,
    },
    recognisingTools: {
      title: 'AI check: word stress',
      items: [
        { word: 'photograph', tip: 'Stress the first syllable.' },
        { word: 'photographer', tip: 'Stress the second syllable.' },
        { word: 'comfortable', tip: 'COMF-ter-ble.' },
        { word: 'vegetable', tip: 'VEJ-ta-ble.' },
        { word: 'information', tip: 'Stress MA.' },
        { word: 'development', tip: 'de-VEL-op-ment: stress the second syllable.' },
        { word: 'interesting', tip: 'IN-tres-ting: three syllables, stress the first.' },
      ],
      ...m.recognisingTools,
    },
  },
  fluencyActivities: {
    items: [
      {
        title: 'At the photographer',
        prompt: 'Read slowly first. Make the strong syllables long and the weak ones short.',
        text: 'The photographer asked us to sit on a comfortable sofa. She took a photograph of the whole family, and it was a fantastic picture.',
      },
      {
        title: 'Healthy food',
        prompt: 'Read it like a short presentation.',
        text: 'Vegetables are an important part of a healthy diet. They give us energy, vitamins and fiber, and they are usually economical too.',
      },
      {
        title: 'A job interview',
        prompt: 'Speak confidently, as if you are answering an interviewer.',
        text: 'I have experience in development and communication. I am organized, reliable, and I enjoy working with international teams.',
      },
    ],
    ...m.fluencyActivities,
  },
  finalAssessment: {
    items: [
      {
        text: 'The photographer took a beautiful photograph.',
        instructions: 'Put the stress in the right place: pho-TO-gra-pher, PHO-to-graph.',
      },
      {
        text: 'This information is important for the economy.',
        instructions: 'Say it clearly: in-for-MA-tion, im-POR-tant, e-CON-o-my.',
      },
      {
        text: 'We had a comfortable hotel and a delicious dessert.',
        instructions: 'Watch COM-for-ta-ble, ho-TEL and de-SSERT.',
      },
    ],
    ...m.finalAssessment,
  },
});
