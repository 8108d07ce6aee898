import { choose, defineModule, sectionMessages } from '../define.ts';

const m = sectionMessages('SH, CH, J and ZH');

export const shChModule = defineModule({
  id: 14,
  code: 'sh-ch',
  slug: 'sh-ch-j',
  title: 'SH, CH and J',
  subTitle: 'she, cheap, jeep, usually',
  description:
    "'Sea' or 'she'? 'Chair' or 'share'? 'Cheap' or 'jeep'? These hissing and hushing sounds are easy to mix up for speakers of Spanish, Chinese, Japanese, Korean and many other languages. Learn the round lips of SH, the quick stop of CH, the voice of J, and the soft ZH in 'usually'.",
  icon: { label: 'SH', color: '#6C5CE7' },
  isIntro: false,
  group: 'core-sounds',
  order: 4,
  focus: 'sounds',
  sounds: ['SH', 'CH', 'JH', 'ZH', 'S'],
  preLesson: {
    items: [
      {
        text: 'She usually shares cheap cheese and fresh juice with Charlie.',
        instructions: 'Read this sentence out loud in your normal voice.',
      },
    ],
    ...m.preLesson,
  },
  guidedLesson: {
    videoLessons: {
      lessons: [
        {
          title: 'S and SH',
          slides: [
            {
              heading: 'S: a thin hiss',
              body: 'Teeth close together, lips spread. The tongue tip is near the ridge behind your top teeth.',
              sayText: 'sea',
              narration:
                'For S, bring your teeth close together and spread your lips a little. The tip of your tongue is near the ridge behind your top teeth. The air makes a thin, high hiss. Sea. Sip. Sort.',
            },
            {
              heading: 'SH: round and push',
              body: 'Round your lips and push them forward. The tongue moves a little back. The sound is deeper: shh.',
              sayText: 'she',
              narration:
                'For SH, round your lips and push them forward, as if you ask someone to be quiet. Your tongue moves a little further back. The sound is deeper and softer. She. Ship. Short.',
            },
            {
              heading: 'S or SH?',
              body: 'sea / she\nsip / ship\nsave / shave',
              narration:
                'Now switch between them. Sea, she. Sip, ship. Save, shave. Spread lips for S, round lips for SH.',
            },
            {
              heading: 'ZH: SH with your voice',
              body: 'usually, measure, vision, television: voice on, lips round.',
              sayText: 'usually',
              narration:
                "If you turn your voice on during {SH|[['S]]}, you get {ZH|[['Z]]}. It is not very common, but it is in everyday words like usually, measure, vision, and television.",
            },
          ],
        },
        {
          title: 'CH and J',
          slides: [
            {
              heading: 'CH: T + SH',
              body: 'Stop the air with your tongue, then release it into SH: t-sh. Quick!',
              sayText: 'cheap',
              narration:
                'CH is a stop and a hush together. Touch the ridge behind your teeth to stop the air, then release it into SH, very quickly. Cheap. Chair. Watch.',
            },
            {
              heading: 'SH or CH?',
              body: 'share / chair\nwash / watch\nshoes / choose',
              narration:
                'SH flows, CH starts with a stop. Share, chair. Wash, watch. Shoes, choose. Feel your tongue touch for CH.',
            },
            {
              heading: 'J: CH with your voice',
              body: 'jeep, job, bridge, age: the same movement as CH, with your voice on.',
              sayText: 'jeep',
              narration:
                'J is CH with your voice on. Jeep. Job. Bridge. Age. Cheap and jeep differ only by the voice. Touch your throat: J buzzes.',
            },
            {
              heading: "Let's practise",
              body: 'Charlie chose a cheap orange jacket.',
              sayText: 'a cheap jacket',
              narration:
                "Let's practise. Charlie chose a cheap orange jacket. CH in Charlie, chose, and cheap. J in orange and jacket. Once more: Charlie chose a cheap orange jacket.",
            },
          ],
        },
      ],
      ...m.videoLessons,
    },
    listenAndRecord: {
      title: 'Listen and repeat: SH, CH, J',
      items: [
        { text: 'she', focus: ['SH'], tip: "Round lips: not 'see'." },
        { text: 'ship', focus: ['SH'], tip: 'Lips forward, then a short I.' },
        { text: 'chair', focus: ['CH'], tip: 'Start with a stop: t-sh.' },
        { text: 'share', focus: ['SH'], tip: 'No stop, just flow.' },
        { text: 'cheap', focus: ['CH'], tip: 'A quiet CH, then a long EE.' },
        { text: 'jeep', focus: ['JH'], tip: 'The same, with your voice on.' },
        { text: 'usually', focus: ['ZH'], tip: 'YOO-zhoo-uh-lee: a soft ZH.' },
        { text: 'watch', focus: ['CH'], tip: 'End with a stop and a hush.' },
        {
          text: 'fresh orange juice',
          focus: ['SH', 'JH'],
          tip: 'SH in fresh, J in orange and juice.',
        },
        {
          text: 'Which shoes should I choose?',
          focus: ['CH', 'SH'],
          tip: 'CH, SH, SH, CH: go slowly.',
        },
      ],
      ...m.listenAndRecord,
    },
    listenAndChoose: {
      title: 'Which sound do you hear?',
      items: [
        choose('she', ['sea', 'she']),
        choose('sip', ['sip', 'ship']),
        choose('chair', ['share', 'chair']),
        choose('jeep', ['cheap', 'jeep']),
        choose('wash', ['wash', 'watch']),
        choose('choose', ['shoes', 'choose']),
        choose('joke', ['joke', 'choke']),
      ],
      ...m.listenAndChoose,
    },
    recognisingTools: {
      title: 'AI check: SH, CH, J',
      items: [
        { word: 'special', focus: ['SH'], tip: 'SPESH-ul.' },
        { word: 'nation', focus: ['SH'], tip: "The '-tion' ending is SH: NAY-shun." },
        { word: 'teacher', focus: ['CH'], tip: 'TEE-cher.' },
        { word: 'change', focus: ['CH', 'JH'], tip: 'CH at the start, J at the end.' },
        { word: 'usually', focus: ['ZH'], tip: 'A soft ZH in the middle.' },
        { word: 'measure', focus: ['ZH'], tip: 'MEZH-er.' },
        { word: 'language', focus: ['JH'], tip: 'LANG-gwij: J at the end.' },
      ],
      ...m.recognisingTools,
    },
  },
  fluencyActivities: {
    items: [
      {
        title: 'At the shop',
        prompt: 'Read it slowly. Round your lips for every SH.',
        text: 'She went to the shop to choose new shoes. She wanted a cheap pair, but she chose some special leather ones for the wedding in June.',
      },
      {
        title: 'Lunch break',
        prompt: 'Read it like you are talking to a colleague.',
        text: 'For lunch I usually have a cheese sandwich and a glass of fresh orange juice. Then I check my messages and watch the news.',
      },
      {
        title: 'A good teacher',
        prompt: 'Speak warmly. Keep CH and J clear.',
        text: 'My teacher was kind and patient. She taught us a new language, and she showed us that every small change is a step forward.',
      },
    ],
    ...m.fluencyActivities,
  },
  finalAssessment: {
    items: [
      {
        text: 'She shares a cheap chair with Charlie.',
        instructions: 'Keep SH (she, shares) and CH (cheap, chair, Charlie) clearly different.',
      },
      {
        text: 'I usually watch television in the evening.',
        instructions: 'A soft ZH in usually and television; CH at the end of watch.',
      },
      {
        text: 'Which jacket should I choose for the job?',
        instructions: 'Go slowly: CH, J, SH, CH, J.',
      },
    ],
    ...m.finalAssessment,
  },
});
