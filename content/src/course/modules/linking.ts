import { choose, defineModule, sectionMessages } from '../define.ts';

const m = sectionMessages('linking words together');

export const linkingModule = defineModule({
  id: 11,
  code: 'linking',
  slug: 'linking',
  title: 'Linking Words',
  subTitle: 'pick it up, go on, did you',
  description:
    "Native speakers do not stop between words: they link them. 'Pick it up' sounds like 'pi-ki-tup'. Learn the four linking rules of American English: consonant to vowel, vowel to vowel with a small Y or W, the same sound twice, and T or D before 'you'. Your speech will sound smoother, and you will understand fast speech much better.",
  icon: { label: '∿', color: '#27AE60' },
  isIntro: false,
  group: 'connected-speech',
  order: 2,
  focus: 'prosody',
  sounds: ['W', 'Y', 'CH', 'JH'],
  preLesson: {
    items: [
      {
        text: 'Pick it up and put it on the table, and then go out.',
        instructions: 'Read this sentence out loud at your normal speed.',
      },
    ],
    ...m.preLesson,
  },
  guidedLesson: {
    videoLessons: {
      lessons: [
        {
          title: 'Consonant to vowel',
          slides: [
            {
              heading: 'Words flow together',
              body: 'Native speakers do not stop between words in a phrase. The words flow into each other.',
              narration:
                'In English, words in the same phrase are not separated. They flow into each other, like one long word. This is called linking, and it makes speech smooth.',
            },
            {
              heading: 'Consonant + vowel',
              body: 'When a word ends in a consonant and the next starts with a vowel, move the consonant over.\npick it up = pi-ki-tup',
              sayText: 'pick it up',
              narration:
                'When a word ends with a consonant and the next word starts with a vowel, the consonant moves over to the next word. Pick it up sounds like {pi-ki-tup|pih, kih, tup}.',
            },
            {
              heading: 'More examples',
              body: 'turn off = tur-noff\nan apple = a-napple\nlook at it = loo-ka-tit',
              narration:
                'More examples. Turn off: tur, noff. An apple: {a-napple|a napple}. Look at it: {loo-ka-tit|loo, kuh, tit}. Say them slowly first, then faster.',
            },
            {
              heading: 'The same sound twice',
              body: 'bad dog, big game, some money: say the sound once, a little longer.',
              sayText: 'bad dog',
              narration:
                'When one word ends with the same sound that starts the next, say it only once, but hold it a little longer. Bad dog. Big game. Some money.',
            },
          ],
        },
        {
          title: 'Vowel to vowel, and did you',
          slides: [
            {
              heading: 'A small Y',
              body: 'After EE, AY, I, OY: add a small Y.\nI am = I-yam, see it = see-yit',
              sayText: 'I am',
              narration:
                "When one word ends with a vowel and the next starts with a vowel, we add a tiny sound to connect them. After {EE, AY, I, and OY|ee, [['eI]], I, and oy}, add a small Y. I am: I yam. See it: see yit.",
            },
            {
              heading: 'A small W',
              body: 'After OO, OH, OW: add a small W.\ngo on = go-won, do it = do-wit',
              sayText: 'go on',
              narration:
                "After {OO, OH, and OW|oo, oh, and [['aU]]}, add a small W. Go on: go won. Do it: do wit. How are you: how war you.",
            },
            {
              heading: 'T or D + you',
              body: "don't you = don-chu\ndid you = di-ju\nwould you = woo-ju",
              sayText: 'did you',
              narration:
                "When T meets you, it becomes CH. Don't you: don chu. When D meets you, it becomes J. Did you: di ju. Would you: woo ju.",
            },
            {
              heading: "Let's practise",
              body: 'Did you eat it all?',
              sayText: 'Did you eat it all?',
              narration:
                "Let's practise. Did you eat it all? {Di-ju-ea-ti-tall|Di ju, ee, tih, tall}. Once more, smoothly: did you eat it all?",
            },
          ],
        },
      ],
      ...m.videoLessons,
    },
    listenAndRecord: {
      title: 'Listen and repeat: link the words',
      items: [
        { text: 'pick it up', tip: 'pi-ki-tup: no stops between the words.' },
        { text: 'turn it off', tip: 'tur-ni-toff.' },
        { text: 'an apple', tip: 'a-napple.' },
        { text: 'go on', focus: ['W'], tip: 'Add a small W: go-won.' },
        { text: 'I am', focus: ['Y'], tip: 'Add a small Y: I-yam.' },
        { text: 'did you', focus: ['JH'], tip: 'D and Y become J: di-ju.' },
        { text: "don't you", focus: ['CH'], tip: 'T and Y become CH: don-chu.' },
        { text: 'bad dog', focus: ['D'], tip: 'One long D, not two.' },
        { text: 'Look at it.', tip: 'loo-ka-tit.' },
      ],
      ...m.listenAndRecord,
    },
    listenAndChoose: {
      title: 'What did you hear?',
      items: [
        choose('an egg', ['an egg', 'a neck']),
        choose('two legs', ['two eggs', 'two legs']),
        choose('going', ['go in', 'going']),
        choose('turn it off', ['turn it off', 'turn it on']),
        choose('pick it out', ['pick it up', 'pick it out']),
        choose('put it on', ['put it off', 'put it on']),
      ],
      ...m.listenAndChoose,
    },
    recognisingTools: {
      title: 'AI check: linked phrases',
      items: [
        { word: 'pick it up', tip: 'Link all three words.' },
        { word: 'turn it off', tip: 'tur-ni-toff.' },
        { word: 'go on', focus: ['W'], tip: 'A small W between the words.' },
        { word: 'did you', focus: ['JH'], tip: 'di-ju.' },
        { word: 'an apple', tip: 'Move the N over: a-napple.' },
        { word: 'check it out', tip: 'che-ki-tout.' },
      ],
      ...m.recognisingTools,
    },
  },
  fluencyActivities: {
    items: [
      {
        title: 'Tidy up',
        prompt: 'Read it smoothly, linking the words in each phrase.',
        text: "Pick up all of your toys and put them away. Then turn off the light and go upstairs. It is already eight o'clock.",
      },
      {
        title: 'Did you?',
        prompt: "Link 'did you', 'would you' and 'don't you' the American way.",
        text: "Did you enjoy the film? Would you like to see another one on Friday? Don't you think the actors were amazing?",
      },
      {
        title: 'An old apartment',
        prompt: 'Move each final consonant onto the next vowel.',
        text: 'We lived in an old apartment on a busy avenue. It was always noisy, but it had a lot of light and an amazing view.',
      },
    ],
    ...m.fluencyActivities,
  },
  finalAssessment: {
    items: [
      {
        text: 'Pick it up and put it on the shelf.',
        instructions: 'Link every word in each phrase. No stops.',
      },
      {
        text: 'Did you eat all of the apples?',
        instructions: "Say 'did you' as 'di-ju' and link 'all of' and 'the apples'.",
      },
      {
        text: "I am going out at eight o'clock.",
        instructions: "Link 'I am' with a small Y and 'going out at eight' smoothly.",
      },
    ],
    ...m.finalAssessment,
  },
});
