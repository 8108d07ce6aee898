/**
 * Start and completion messages for the sections of a module (spec learning-experience §2:
 * intro cards and result cards). Written for learners who are unsure of their English:
 * short sentences, common words, warm. `topic` is a noun phrase such as "the TH sounds".
 */
export function sectionMessages(topic: string) {
  return {
    preLesson: {
      startMessage:
        "Before we start, let's hear how you speak today. Read the text in your normal voice. There are no wrong answers.",
      completionMessage:
        'Thank you! We saved your recording. At the end of this module you can compare it with your new voice.',
    },
    videoLessons: {
      startMessage: `Watch these short videos about ${topic}. You can turn on the captions. Say the words out loud with the teacher.`,
      completionMessage: `Well done! Now you know the secrets of ${topic}. Next, you will practise with your own voice.`,
    },
    listenAndRecord: {
      startMessage:
        'Listen to each word or phrase, then record yourself saying it. Take your time. You can listen again as often as you like.',
      completionMessage:
        'Great work! Saying words out loud is how your mouth learns new sounds. Keep going!',
    },
    listenAndChoose: {
      startMessage:
        'Now train your ears. Listen, then choose what you hear. When you can hear a difference, it is easier to say it.',
      completionMessage: 'Nice listening! Every time you practise, your ears get sharper.',
    },
    recognisingTools: {
      startMessage:
        'Record each word or phrase. Our AI will listen to every sound and show you which sounds are clear and which need more practice.',
      completionMessage:
        'Excellent! Look at the sounds in red or orange, and try those words again whenever you like.',
    },
    fluencyActivities: {
      startMessage: `Time to speak in sentences. Read each text at a relaxed speed. Think about ${topic}, but keep talking even if you make a mistake.`,
      completionMessage:
        'Wonderful! Speaking smoothly in full sentences is a big step. You are doing really well.',
    },
    finalAssessment: {
      startMessage:
        'This is the final step. Record each item as well as you can. Remember everything you practised in this module.',
      completionMessage:
        'You finished the module! Be proud of yourself. Your recordings are saved, so you can see how far you have come.',
    },
  };
}
