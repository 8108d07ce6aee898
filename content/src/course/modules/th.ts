import { SAMPLE_COACH, choose, defineModule, sectionMessages } from '../define.ts';

const m = sectionMessages('the TH sounds');

export const thModule = defineModule({
  id: 3,
  code: 'th',
  slug: 'th-sounds',
  title: 'The TH Sounds',
  subTitle: 'think, this, mother, bath',
  description:
    "English has two TH sounds: the quiet TH in 'think' and the buzzing TH in 'this'. Many languages have neither, so learners often say 'sink' for 'think' or 'dis' for 'this'. In this module you will learn where to put your tongue, practise both sounds, and hear the difference in real words and sentences.",
  icon: { label: 'TH', color: '#2E86AB' },
  isIntro: true,
  group: 'start-here',
  order: 1,
  focus: 'sounds',
  sounds: ['TH', 'DH'],
  preLesson: {
    items: [
      {
        text: 'I think this is the third Thursday of the month.',
        instructions:
          "Read this sentence out loud in your normal voice. Don't practise first: we want to hear how you speak today.",
      },
    ],
    ...m.preLesson,
  },
  guidedLesson: {
    videoLessons: {
      lessons: [
        {
          title: 'Meet the TH sounds',
          slides: [
            {
              heading: 'Two TH sounds',
              body: 'think: the quiet TH, only air\nthis: the buzzing TH, voice on',
              narration:
                'Welcome! English has two TH sounds. In the word think, the TH is quiet: only air comes out. In the word this, the TH buzzes, because your voice is on. Both sounds are made in the same place in your mouth.',
            },
            {
              heading: 'Where is your tongue?',
              body: 'Put the tip of your tongue lightly between your front teeth. Blow air gently over it.',
              sayText: 'think',
              narration:
                "Here is the secret. Put the tip of your tongue lightly between your front teeth. Don't bite it. Now blow air gently over your tongue. You will hear a soft hiss. That is the quiet TH, as in think.",
            },
            {
              heading: 'Now add your voice',
              body: 'Same tongue position, voice on. Touch your throat: you should feel a buzz.',
              sayText: 'this',
              narration:
                'Keep your tongue in the same place and turn your voice on. Put your fingers on your throat. You should feel a buzz. That is the buzzing TH, as in this, that, and mother.',
            },
            {
              heading: 'Common mistakes',
              body: 'think, not sink\nthree, not tree\nthey, not day',
              narration:
                'Be careful. If your tongue stays behind your teeth, think becomes sink, three becomes tree, and they becomes day. Keep the tip of your tongue out, just a little, and let the air flow.',
            },
          ],
        },
        {
          title: 'Quiet TH or buzzing TH?',
          slides: [
            {
              heading: 'Most words: quiet TH',
              body: 'Nouns, verbs and numbers usually have the quiet TH: think, three, thank, bath, month.',
              sayText: 'three',
              narration:
                'How do you know which TH to use? Most nouns, verbs, and numbers use the quiet TH: think, three, thank, bath, and month.',
            },
            {
              heading: 'Small words buzz',
              body: 'Grammar words use the buzzing TH: the, this, that, these, those, they, them, there, then.',
              sayText: 'the, this, that',
              narration:
                'Small grammar words use the buzzing TH: the, this, that, these, those, they, them, there, and then. You say these words many times every day, so they matter a lot.',
            },
            {
              heading: 'Between vowels',
              body: 'TH between two vowels usually buzzes: mother, other, weather, together.',
              sayText: 'mother',
              narration:
                'When TH comes between two vowels, it usually buzzes too, as in mother, other, weather, and together.',
            },
            {
              heading: "Let's practise",
              body: 'Say them slowly, then a little faster:\nthis thing, the third, that thought',
              sayText: 'this thing',
              narration:
                "Now let's mix them. This thing. The third. That thought. Start slowly and keep your tongue between your teeth. Then say them a little faster.",
            },
          ],
        },
      ],
      ...m.videoLessons,
    },
    listenAndRecord: {
      title: 'Listen and repeat: TH words',
      items: [
        {
          text: 'think',
          focus: ['TH'],
          tip: "Tongue tip between your teeth, then blow. Don't let it become 'sink'.",
        },
        {
          text: 'three',
          focus: ['TH', 'R'],
          tip: "Start with a soft TH, then move quickly to R: th-ree, not 'tree'.",
        },
        {
          text: 'thank you',
          focus: ['TH'],
          tip: 'Tongue out for TH, then pull it back fast for the A.',
        },
        {
          text: 'bath',
          focus: ['TH'],
          tip: 'End with your tongue between your teeth and let the air flow out.',
        },
        {
          text: 'Thursday',
          focus: ['TH', 'ER'],
          tip: 'Quiet TH at the start, then a strong American ER.',
        },
        { text: 'this', focus: ['DH'], tip: "Voice on from the start. It buzzes: not 'dis'." },
        {
          text: 'mother',
          focus: ['DH'],
          tip: 'The TH in the middle buzzes gently. Keep the tongue soft.',
        },
        { text: 'together', focus: ['DH'], tip: 'to-GE-ther: stress the middle and buzz the TH.' },
        {
          text: 'the weather',
          focus: ['DH'],
          tip: 'Two buzzing THs. Touch your throat and feel the vibration.',
        },
        {
          text: 'both of them',
          focus: ['TH', 'DH'],
          tip: 'A quiet TH in both, then a buzzing TH in them.',
        },
      ],
      ...m.listenAndRecord,
    },
    listenAndChoose: {
      title: 'Which word do you hear?',
      items: [
        choose('think', ['think', 'sink']),
        choose('tank', ['thank', 'tank']),
        choose('three', ['tree', 'three']),
        choose('day', ['they', 'day']),
        choose('then', ['then', 'den']),
        choose('mouse', ['mouth', 'mouse']),
        choose('bath', ['bat', 'bath']),
      ],
      ...m.listenAndChoose,
    },
    recognisingTools: {
      title: 'AI check: TH words',
      items: [
        { word: 'think', focus: ['TH'], tip: 'Air over the tongue, no voice.' },
        {
          word: 'both',
          focus: ['TH'],
          tip: 'Finish with the tongue out. Do not add a vowel after it.',
        },
        {
          word: 'healthy',
          focus: ['TH', 'L'],
          tip: 'L first, then slide the tongue forward for TH.',
        },
        { word: 'father', focus: ['DH'], tip: 'A buzzing TH between the vowels.' },
        { word: 'breathe', focus: ['DH', 'IY'], tip: 'Long EE, then a buzzing TH at the end.' },
        {
          word: 'thirty',
          focus: ['TH', 'ER'],
          tip: 'Quiet TH, then ER. The T in the middle is soft, like a quick D.',
        },
        {
          word: 'although',
          focus: ['DH'],
          tip: 'The stress is on the second part: al-THOUGH, with a buzzing TH.',
        },
      ],
      ...m.recognisingTools,
    },
  },
  fluencyActivities: {
    items: [
      {
        title: 'Birthday plans',
        prompt:
          'Read this at a relaxed speed. Keep every TH clear, even in the small words like "the" and "then".',
        text: "My brother's birthday is on Thursday. We think we will have a party with thirty of his friends. Then we will thank everyone for coming together.",
      },
      {
        title: 'Strange weather',
        prompt: 'Read it like you are telling a friend about your week.',
        text: 'The weather this month is rather strange. On Thursday there was thunder, and the day after that it was warm and sunny.',
      },
      {
        title: 'A thank-you note',
        prompt: 'Say it warmly, as if you are thanking someone you like.',
        text: 'Thank you for the thoughtful gift. I think of you every time I use it. Let us get together with the others this weekend.',
      },
    ],
    ...m.fluencyActivities,
  },
  finalAssessment: {
    items: [
      {
        text: 'Thank you for the three things you brought.',
        instructions: 'Say the sentence clearly. Put your tongue between your teeth for every TH.',
      },
      {
        text: 'Their mother thinks the weather will be better on Thursday.',
        instructions: 'Read at a natural speed. Buzz the TH in "their", "mother" and "the".',
      },
      {
        text: 'Think about this: both of them are thirty-three.',
        instructions:
          'Take a small pause after "this". Keep the TH in "think", "both" and "thirty" quiet.',
      },
    ],
    ...m.finalAssessment,
  },
  sampleFeedback: {
    coach: SAMPLE_COACH,
    summary:
      'This is an example of the feedback a coach gives after the final assessment. Here the learner has a good rhythm, but the tongue often stays behind the teeth, so some TH sounds turn into S, T or D. With a few days of practice this is easy to fix.',
    replies: [
      "Good start! Your 'thank you' was clear: I could hear the air over your tongue. In 'three' I heard 'tree'. Put your tongue between your teeth first, blow a little air, and only then move to the R.",
      "Very nice rhythm in this sentence. 'Their' and 'the' sounded like 'dare' and 'de'. Touch your throat and make it buzz with the tongue out. 'Mother' was perfect: do the same in the small words.",
      "Great pause after 'this'! 'Both' and 'thirty' were good. In 'think' the tongue went back too early and it sounded close to 'sink'. Say it slowly three times: th... ink, think, think.",
    ],
    scores: { pronunciation: 3, fluency: 4, intonation: 4, stress: 4 },
  },
});
