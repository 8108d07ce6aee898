import { choose, defineModule, sectionMessages } from '../define.ts';

const m = sectionMessages('R and L');

export const rlModule = defineModule({
  id: 5,
  code: 'r-l',
  slug: 'r-and-l',
  title: 'R and L',
  subTitle: 'right, light, really, world',
  description:
    "Is it 'right' or 'light', 'collect' or 'correct'? For speakers of Japanese, Korean, Chinese and many other languages, R and L are easy to mix up. Learn the one simple rule: for L the tongue touches, for R it does not. Then practise the American R after vowels and the dark L at the end of words.",
  icon: { label: 'R/L', color: '#E4572E' },
  isIntro: false,
  group: 'free-trial',
  order: 1,
  focus: 'sounds',
  sounds: ['R', 'L', 'ER'],
  preLesson: {
    items: [
      {
        text: 'Laura will really like the red and yellow flowers.',
        instructions:
          'Read this sentence out loud in your normal voice. Do not worry about mistakes.',
      },
    ],
    ...m.preLesson,
  },
  guidedLesson: {
    videoLessons: {
      lessons: [
        {
          title: 'L touches, R does not',
          slides: [
            {
              heading: 'L: the tongue touches',
              body: 'Touch the tip of your tongue to the ridge just behind your top teeth. Let the air flow around the sides.',
              sayText: 'light',
              narration:
                'For the L sound, touch the tip of your tongue to the hard ridge just behind your top front teeth. Keep it there and let your voice flow around the sides of your tongue. Light. Love. Late.',
            },
            {
              heading: 'R: the tongue does not touch',
              body: 'Pull your tongue back and up. The tip touches nothing. Round your lips a little.',
              sayText: 'right',
              narration:
                'For the American R, the tip of your tongue touches nothing. Pull your tongue back and lift it a little, as if you are holding a small ball in your mouth. Round your lips a little. Right. Red. Road.',
            },
            {
              heading: 'Switch between them',
              body: 'light / right\nlead / read\nglass / grass',
              narration:
                'Now switch. Touch for L, no touch for R. Light, right. Lead, read. Glass, grass. Go slowly and feel your tongue move.',
            },
            {
              heading: 'Words with both',
              body: 'really, rarely, world, library\nTake them one sound at a time.',
              sayText: 'really',
              narration:
                'Some words have both sounds. Really: no touch for R, then touch for L. World. Library. Take them slowly, one sound at a time, and then say the whole word.',
            },
          ],
        },
        {
          title: 'R after vowels and the dark L',
          slides: [
            {
              heading: 'Americans say every R',
              body: 'car, hard, water, never: the R after a vowel is always pronounced.',
              sayText: 'car',
              narration:
                'In American English, you say the R after a vowel too. Car. Hard. Water. Never. Pull the tongue back at the end and let the sound color the vowel.',
            },
            {
              heading: 'The ER sound',
              body: 'her, bird, work, first: one strong sound, tongue pulled back.',
              sayText: 'bird',
              narration:
                'In words like her, bird, work, and first, the vowel and the R become one strong sound. Pull your tongue back and hold it: bird, work, first.',
            },
            {
              heading: 'The dark L',
              body: 'feel, ball, school, milk: at the end of a word, L is deeper. The back of the tongue rises.',
              sayText: 'ball',
              narration:
                'At the end of a word, the L is darker. The tip still touches, but the back of your tongue rises too. Feel. Ball. School. Milk. Do not drop it and do not add a vowel after it.',
            },
            {
              heading: "Let's practise",
              body: 'The girl read a real letter from the world.',
              sayText: 'a real letter',
              narration:
                "Let's practise. The girl read a real letter. Touch for every L, no touch for every R. Once more, a little faster: the girl read a real letter.",
            },
          ],
        },
      ],
      ...m.videoLessons,
    },
    listenAndRecord: {
      title: 'Listen and repeat: R and L',
      items: [
        {
          text: 'right',
          focus: ['R'],
          tip: 'Tongue pulled back, touching nothing. Lips a little round.',
        },
        { text: 'light', focus: ['L'], tip: 'Tongue tip on the ridge behind your top teeth.' },
        { text: 'road', focus: ['R'], tip: 'Start with round lips and no touch.' },
        { text: 'load', focus: ['L'], tip: 'Touch first, then open to the vowel.' },
        { text: 'glass', focus: ['L'], tip: 'G, then touch for L straight away.' },
        { text: 'grass', focus: ['R'], tip: 'G, then pull the tongue back for R.' },
        { text: 'really', focus: ['R', 'L'], tip: 'No touch, then touch: R... L.' },
        {
          text: 'world',
          focus: ['ER', 'L'],
          tip: 'W, a strong ER, then touch for L and finish with D.',
        },
        {
          text: 'red and yellow',
          focus: ['R', 'L'],
          tip: 'R at the start of red, L in the middle of yellow.',
        },
        {
          text: "It's a long road.",
          focus: ['L', 'R'],
          tip: "Touch for 'long', no touch for 'road'.",
        },
      ],
      ...m.listenAndRecord,
    },
    listenAndChoose: {
      title: 'R or L?',
      items: [
        choose('right', ['right', 'light']),
        choose('lice', ['rice', 'lice']),
        choose('load', ['road', 'load']),
        choose('pray', ['play', 'pray']),
        choose('correct', ['collect', 'correct']),
        choose('fly', ['fry', 'fly']),
        choose('grass', ['glass', 'grass']),
      ],
      ...m.listenAndChoose,
    },
    recognisingTools: {
      title: 'AI check: R and L',
      items: [
        { word: 'world', focus: ['ER', 'L'], tip: 'Hold the ER, then touch for L.' },
        { word: 'girl', focus: ['ER', 'L'], tip: 'One syllable: a strong ER and a dark L.' },
        { word: 'really', focus: ['R', 'L'], tip: 'No touch for R, touch for L.' },
        { word: 'library', focus: ['L', 'R'], tip: 'LIE-brer-ee: L at the start, two Rs after.' },
        { word: 'problem', focus: ['R', 'L'], tip: 'P-R together, then a quick L before M.' },
        { word: 'travel', focus: ['R', 'L'], tip: 'T-R together, and finish with a dark L.' },
        {
          word: 'already',
          focus: ['L', 'R'],
          tip: 'all-RED-ee: touch for L, then no touch for R.',
        },
      ],
      ...m.recognisingTools,
    },
  },
  fluencyActivities: {
    items: [
      {
        title: "Laura's library",
        prompt: 'Read at a relaxed speed. Think: touch for L, no touch for R.',
        text: 'Laura works at the library on Riverside Road. She really loves to read, and every Friday she reads stories to the little children.',
      },
      {
        title: 'A road trip',
        prompt: 'Tell it like a short story to a friend.',
        text: 'Last April we drove along the coast. The road was long and the weather was rarely clear, but the hills were green and the lakes were beautiful.',
      },
      {
        title: 'A rainy morning',
        prompt: 'Read it calmly. Pronounce the R after every vowel, the American way.',
        text: 'It rained all morning, so we stayed home, drank hot chocolate, and listened to the rain on the roof. Later, the world looked fresh and clean.',
      },
    ],
    ...m.fluencyActivities,
  },
  finalAssessment: {
    items: [
      {
        text: 'The little girl really loves red roses.',
        instructions: 'Read it clearly. Touch for every L, and keep every R free.',
      },
      {
        text: 'Please correct the wrong answers and collect the papers.',
        instructions: 'Make "correct" and "collect" clearly different.',
      },
      {
        text: 'Larry rarely travels around the world alone.',
        instructions:
          'Take your time with "Larry" and "rarely". Then say the whole sentence smoothly.',
      },
    ],
    ...m.finalAssessment,
  },
});
