import { choose, defineModule, sectionMessages } from '../define.ts';

const m = sectionMessages('the vowels in cat, bed and hot');

export const openVowelsModule = defineModule({
  id: 13,
  code: 'ae-eh-aa',
  slug: 'cat-bed-hot',
  title: 'Cat, Bed, Hot',
  subTitle: 'the A in cat, the E in bed, the O in hot',
  description:
    "'Bad' or 'bed'? 'Hat' or 'hot'? American English has three open vowels where many languages have only one or two. Learn the wide, bright A in 'cat', the middle E in 'bed', and the deep, open O in 'hot', and use your jaw to keep them apart.",
  icon: { label: 'æ', color: '#C0392B' },
  isIntro: false,
  group: 'core-sounds',
  order: 3,
  focus: 'sounds',
  sounds: ['AE', 'EH', 'AA'],
  preLesson: {
    items: [
      {
        text: 'My dad has a black cat and a red hat in his hot flat.',
        instructions: 'Read this sentence out loud in your normal voice.',
      },
    ],
    ...m.preLesson,
  },
  guidedLesson: {
    videoLessons: {
      lessons: [
        {
          title: 'Three open vowels',
          slides: [
            {
              heading: 'E as in bed',
              body: 'Open your mouth a little. Tongue in the middle, lips relaxed.\nbed, pen, said',
              sayText: 'bed',
              narration:
                "Let us start in the middle, with the {E|[['E]]} in bed. Open your mouth a little, keep your tongue in the middle, and relax your lips. Bed. Pen. Said.",
            },
            {
              heading: 'A as in cat',
              body: 'Drop your jaw more and spread your lips, almost a smile. The tongue stays low and forward.\ncat, bad, man',
              sayText: 'cat',
              narration:
                "Now the {A|[['a]]} in cat. Drop your jaw more than for {E|[['E]]}, and spread your lips, almost like a smile. The front of your tongue is low and forward. Cat. Bad. Man. In American English this sound is often long and bright.",
            },
            {
              heading: 'O as in hot',
              body: 'Drop your jaw the most. Open the back of your mouth, like at the doctor: aah.\nhot, stop, job',
              sayText: 'hot',
              narration:
                "Now the {O|[['0]]} in hot. In American English this is an open aah sound, like at the doctor. Drop your jaw all the way and open the back of your mouth. Hot. Stop. Job.",
            },
            {
              heading: 'Your jaw is the key',
              body: 'bed → bad → body\nThe jaw drops a little more each time.',
              narration:
                'Your jaw is the key. Say bed, bad, body, and feel your jaw drop a little more each time. Use a mirror if it helps.',
            },
          ],
        },
        {
          title: 'Pairs that change meaning',
          slides: [
            {
              heading: 'A or E?',
              body: 'bad / bed\nman / men\npan / pen',
              narration:
                "Many learners say these words the same way. Bad, bed. Man, men. Pan, pen. For {A|[['a]]}, drop your jaw and spread your lips. For {E|[['E]]}, close a little.",
            },
            {
              heading: 'A or O?',
              body: 'cat / cot\nhat / hot\nblack / block',
              narration:
                "Now {A|[['a]]} and {O|[['0]]}. Cat, cot. Hat, hot. Black, block. For {A|[['a]]}, the tongue is forward and the lips spread. For {O|[['0]]}, the mouth is open at the back.",
            },
            {
              heading: 'Spelling traps',
              body: 'said, says, friend: E sound\nwant, watch, what: O sound, not A',
              narration:
                "Watch out for spelling. Said, says, and friend have the {E|[['E]]} sound. Want, watch, and what have the open {O|[['0]]} sound, not the {A|[['a]]} in cat.",
            },
            {
              heading: "Let's practise",
              body: 'Ten black cats sat on a hot rock.',
              sayText: 'Ten black cats',
              narration:
                "Let's practise. Ten black cats sat on a hot rock. {E|[['E]]} in ten, {A|[['a]]} in black, cats, and sat, {O|[['0]]} in hot and rock. Once more: ten black cats sat on a hot rock.",
            },
          ],
        },
      ],
      ...m.videoLessons,
    },
    listenAndRecord: {
      title: 'Listen and repeat: cat, bed, hot',
      items: [
        { text: 'cat', focus: ['AE'], tip: 'Jaw down, lips spread.' },
        { text: 'bed', focus: ['EH'], tip: 'Mouth a little open, relaxed.' },
        { text: 'hot', focus: ['AA'], tip: 'Jaw all the way down: aah.' },
        { text: 'man', focus: ['AE'], tip: 'A long, bright A before the N.' },
        { text: 'men', focus: ['EH'], tip: 'Close a little more than for man.' },
        { text: 'black', focus: ['AE'], tip: 'L, then a wide A.' },
        { text: 'block', focus: ['AA'], tip: 'L, then an open aah.' },
        { text: 'said', focus: ['EH'], tip: 'Spelled with AI, but it sounds like sed.' },
        { text: 'a bad habit', focus: ['AE'], tip: 'Two bright As: bad, habit.' },
        { text: 'What a lot of jobs!', focus: ['AA'], tip: 'Open O in what, lot and jobs.' },
      ],
      ...m.listenAndRecord,
    },
    listenAndChoose: {
      title: 'Which vowel do you hear?',
      items: [
        choose('bed', ['bad', 'bed']),
        choose('man', ['man', 'men']),
        choose('cot', ['cat', 'cot']),
        choose('hat', ['hot', 'hat']),
        choose('pen', ['pan', 'pen']),
        choose('black', ['block', 'black']),
        choose('sad', ['sad', 'said']),
      ],
      ...m.listenAndChoose,
    },
    recognisingTools: {
      title: 'AI check: open vowels',
      items: [
        { word: 'happy', focus: ['AE'], tip: 'A bright A: HAP-ee.' },
        { word: 'family', focus: ['AE'], tip: 'FAM-lee: a wide A.' },
        { word: 'every', focus: ['EH'], tip: 'EV-ree: two syllables.' },
        { word: 'friend', focus: ['EH'], tip: 'It sounds like frend.' },
        { word: 'doctor', focus: ['AA'], tip: 'DAHK-ter: an open aah.' },
        { word: 'problem', focus: ['AA'], tip: 'PRAH-blem.' },
        { word: 'chocolate', focus: ['AA'], tip: 'CHAHK-lit: two syllables.' },
      ],
      ...m.recognisingTools,
    },
  },
  fluencyActivities: {
    items: [
      {
        title: 'My family',
        prompt: 'Read it slowly. Drop your jaw for A and O.',
        text: 'My family has a small flat in the center of the city. My dad is a doctor, my mom has a job at a bank, and we have a fat black cat named Max.',
      },
      {
        title: 'Lost and found',
        prompt: 'Tell it like a short story.',
        text: 'I left my red jacket on the bus. I was sad, but my friend said he had it. He sent me a text and got it back to me the next day.',
      },
      {
        title: 'A hot summer',
        prompt: 'Speak at a relaxed pace. Keep the O in "hot" open.',
        text: 'It was so hot last August that we stopped work at lunch and sat by the pond. We had cold drinks and a lot of snacks.',
      },
    ],
    ...m.fluencyActivities,
  },
  finalAssessment: {
    items: [
      {
        text: 'The man has a black hat and a red jacket.',
        instructions: 'Keep A (man, black, hat) and E (red, jacket) clearly different.',
      },
      {
        text: 'My friend said the doctor stopped at ten.',
        instructions: 'E in friend, said, ten; open O in doctor and stopped.',
      },
      {
        text: 'Add a lot of apples to the pan.',
        instructions: 'A bright A in add, apples, pan; an open O in lot.',
      },
    ],
    ...m.finalAssessment,
  },
});
