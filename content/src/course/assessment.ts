import type { CourseInput } from '../schema.ts';

/**
 * The free fluency assessment (spec accounts-assessment-plans §2, §3, §9). Items are chosen
 * to expose the sounds that learners of English most often get wrong; each lists the
 * ARPAbet sounds it tests, which the study plan uses to pick modules.
 */
export const assessmentData: CourseInput['assessment'] = {
  items: [
    {
      id: 1,
      kind: 'word',
      text: 'think',
      sounds: ['TH', 'NG', 'K'],
      tip: "Put the tip of your tongue between your teeth for TH and blow: 'think', not 'sink' or 'tink'.",
    },
    {
      id: 2,
      kind: 'word',
      text: 'this',
      sounds: ['DH', 'IH'],
      tip: "The TH in 'this' buzzes: tongue between the teeth with your voice on, not 'dis'.",
    },
    {
      id: 3,
      kind: 'word',
      text: 'really',
      sounds: ['R', 'L', 'IY'],
      tip: 'R: the tongue touches nothing. L: the tongue tip touches the ridge behind your top teeth.',
    },
    {
      id: 4,
      kind: 'word',
      text: 'world',
      sounds: ['W', 'ER', 'L', 'D'],
      tip: 'Round your lips for W, curl back for ER, touch for L, and finish the D.',
    },
    {
      id: 5,
      kind: 'word',
      text: 'very',
      sounds: ['V', 'EH', 'R'],
      tip: "Top teeth on your bottom lip for V, with a buzz: 'very', not 'berry' or 'wery'.",
    },
    {
      id: 6,
      kind: 'word',
      text: 'ship',
      sounds: ['SH', 'IH', 'P'],
      tip: "Short, relaxed I in 'ship'; don't stretch it into 'sheep'.",
    },
    {
      id: 7,
      kind: 'word',
      text: 'sheep',
      sounds: ['SH', 'IY', 'P'],
      tip: "Long EE with a smile in 'sheep'; shorter and relaxed would make 'ship'.",
    },
    {
      id: 8,
      kind: 'word',
      text: 'water',
      sounds: ['W', 'AO', 'T', 'ER'],
      tip: "In American English the T in 'water' is a quick tap, almost like a D.",
    },
    {
      id: 9,
      kind: 'word',
      text: 'comfortable',
      sounds: ['AH1', 'AH0', 'ER0', 'B', 'L'],
      tip: 'Stress the first syllable: COMF-ter-ble. The middle vowels are weak.',
    },
    {
      id: 10,
      kind: 'word',
      text: 'usually',
      sounds: ['ZH', 'UW', 'AH0', 'L'],
      tip: "The S in 'usually' is the soft ZH sound, as in 'vision'.",
    },
    {
      id: 11,
      kind: 'sentence',
      text: 'I think the weather will be better on Thursday.',
      sounds: ['TH', 'DH', 'W', 'V', 'T', 'ER'],
      tip: 'Watch the two kinds of TH, and tap the T in "better".',
    },
    {
      id: 12,
      kind: 'sentence',
      text: 'Laura really likes the red roses in her garden.',
      sounds: ['L', 'R', 'Z', 'ER'],
      tip: 'Keep every L and R different: touch for L, no touch for R.',
    },
    {
      id: 13,
      kind: 'sentence',
      text: 'We visited a village with very old walls.',
      sounds: ['W', 'V', 'L', 'Z', 'IH'],
      tip: 'Round lips for W, teeth on lip for V, and finish the Z in "walls".',
    },
    {
      id: 14,
      kind: 'sentence',
      text: 'Please sit in this seat, not that one.',
      sounds: ['IY', 'IH', 'DH', 'AE', 'T'],
      tip: 'Short I in "sit" and "this", long EE in "please" and "seat".',
    },
    {
      id: 15,
      kind: 'sentence',
      text: 'He asked for two bags of rice and a cup of coffee.',
      sounds: ['S', 'K', 'T', 'G', 'Z', 'AH', 'AH0'],
      tip: 'Say the ending of every word: "askt", "bagz". Keep "of" and "a" short and weak.',
    },
    {
      id: 16,
      kind: 'sentence',
      text: 'Can you help me find the bus stop?',
      sounds: ['AH', 'L', 'P', 'D', 'S'],
      tip: 'Let your voice go up at the end: this is a yes or no question.',
    },
  ],
  introVideos: [
    {
      language: 'english',
      locale: 'en-US',
      voice: 'en-us',
      title: 'Your free speaking assessment',
      slides: [
        {
          heading: 'Welcome to ClearSpeak',
          body: 'A short speaking assessment: about 5 minutes.',
          narration:
            'Welcome to ClearSpeak! This short assessment shows how clearly you speak English today. It takes about five minutes.',
        },
        {
          heading: 'How it works',
          body: 'Press record, read the text on the screen, then press stop. You can try again.',
          narration:
            'You will see a word or a sentence. Press the record button, read it out loud in your normal voice, and press stop. If you are not happy with it, you can try again.',
        },
        {
          heading: 'Tips',
          body: 'Find a quiet place. Keep the microphone close. Speak at your normal speed.',
          narration:
            "Find a quiet place and keep your microphone close. Speak at your normal speed. Don't worry about mistakes: they show us what to practise.",
        },
        {
          heading: 'Your results',
          body: 'Our AI listens to every sound and builds your personal study plan.',
          narration:
            "When you finish, our AI listens to every sound you made. You get your score, tips, and a personal study plan. Let's begin!",
        },
      ],
    },
    {
      language: 'spanish',
      locale: 'es',
      voice: 'es-419',
      title: 'Tu evaluación gratuita de inglés hablado',
      slides: [
        {
          heading: 'Bienvenido a ClearSpeak',
          body: 'Una evaluación corta de tu inglés hablado: unos 5 minutos.',
          narration:
            'Bienvenido a ClearSpeak. Esta evaluación corta muestra qué tan claro hablas inglés hoy. Dura unos cinco minutos.',
        },
        {
          heading: 'Cómo funciona',
          body: 'Pulsa grabar, lee el texto en voz alta y pulsa detener. Puedes intentarlo otra vez.',
          narration:
            'Verás una palabra o una frase en inglés. Pulsa el botón de grabar, léela en voz alta con tu voz normal y pulsa detener. Si no te gusta, puedes intentarlo otra vez.',
        },
        {
          heading: 'Consejos',
          body: 'Busca un lugar tranquilo. Mantén el micrófono cerca. Habla a tu velocidad normal.',
          narration:
            'Busca un lugar tranquilo y mantén el micrófono cerca. Habla a tu velocidad normal. No te preocupes por los errores: nos muestran qué practicar.',
        },
        {
          heading: 'Tus resultados',
          body: 'Nuestra inteligencia artificial escucha cada sonido y crea tu plan de estudio personal.',
          narration:
            'Al terminar, nuestra inteligencia artificial escucha cada sonido. Recibirás tu puntuación, consejos y un plan de estudio personal. ¡Empecemos!',
        },
      ],
    },
    {
      language: 'bengali',
      locale: 'bn',
      voice: 'bn',
      title: 'আপনার বিনামূল্যে ইংরেজি বলার মূল্যায়ন',
      slides: [
        {
          heading: 'ClearSpeak-এ স্বাগতম',
          body: 'ইংরেজি বলার একটি ছোট মূল্যায়ন: প্রায় ৫ মিনিট।',
          narration:
            'ক্লিয়ারস্পিকে আপনাকে স্বাগতম। এই ছোট মূল্যায়নটি দেখায় আজ আপনি কতটা পরিষ্কারভাবে ইংরেজি বলেন। এতে প্রায় পাঁচ মিনিট সময় লাগে।',
        },
        {
          heading: 'কীভাবে কাজ করে',
          body: 'রেকর্ড চাপুন, লেখাটি জোরে পড়ুন, তারপর থামান। আবার চেষ্টা করতে পারেন।',
          narration:
            'আপনি একটি ইংরেজি শব্দ বা বাক্য দেখবেন। রেকর্ড বোতাম চাপুন, স্বাভাবিক গলায় জোরে পড়ুন, তারপর থামান। পছন্দ না হলে আবার চেষ্টা করতে পারেন।',
        },
        {
          heading: 'কিছু পরামর্শ',
          body: 'শান্ত জায়গা বেছে নিন। মাইক্রোফোন কাছে রাখুন। স্বাভাবিক গতিতে বলুন।',
          narration:
            'একটি শান্ত জায়গা বেছে নিন এবং মাইক্রোফোন কাছে রাখুন। স্বাভাবিক গতিতে কথা বলুন। ভুল নিয়ে চিন্তা করবেন না, ভুল থেকেই আমরা বুঝি কী অনুশীলন করতে হবে।',
        },
        {
          heading: 'আপনার ফলাফল',
          body: 'আমাদের এআই প্রতিটি ধ্বনি শোনে এবং আপনার জন্য একটি অধ্যয়ন পরিকল্পনা তৈরি করে।',
          narration:
            'শেষ হলে আমাদের এআই আপনার প্রতিটি ধ্বনি শুনবে। আপনি পাবেন আপনার স্কোর, পরামর্শ এবং একটি ব্যক্তিগত অধ্যয়ন পরিকল্পনা। চলুন শুরু করি!',
        },
      ],
    },
    {
      language: 'chinese',
      locale: 'zh',
      // The plain 'cmn' voice turns characters into pinyin and then reads the pinyin as
      // English ("ni three hao three"); the pinyin voice reads it as Mandarin, with tones.
      voice: 'cmn-latn-pinyin',
      title: '免费英语口语测评',
      slides: [
        {
          heading: '欢迎来到 ClearSpeak',
          body: '简短的英语口语测评：大约五分钟。',
          narration: '欢迎！这个简短的测评会告诉你，现在你的英语说得有多清楚。大约需要五分钟。',
        },
        {
          heading: '怎么做',
          body: '点击录音，大声读出屏幕上的内容，然后点击停止。不满意可以重录。',
          narration:
            '你会看到一个英语单词或句子。点击录音按钮，用平常的声音大声读出来，然后点击停止。如果不满意，可以再试一次。',
        },
        {
          heading: '小提示',
          body: '找一个安静的地方。麦克风放近一点。用正常的语速说话。',
          narration:
            '请找一个安静的地方，把麦克风放近一点。用正常的语速说话。不用担心犯错，错误能告诉我们你需要练习什么。',
        },
        {
          heading: '你的结果',
          body: '我们的人工智能会听每一个音，并为你制定个人学习计划。',
          narration:
            '完成后，我们的人工智能会听你发出的每一个音。你会得到分数、建议和一份个人学习计划。我们开始吧！',
        },
      ],
    },
    {
      language: 'hindi',
      locale: 'hi',
      voice: 'hi',
      title: 'आपका मुफ़्त अंग्रेज़ी बोलने का मूल्यांकन',
      slides: [
        {
          heading: 'ClearSpeak में आपका स्वागत है',
          body: 'अंग्रेज़ी बोलने का एक छोटा मूल्यांकन: लगभग 5 मिनट।',
          narration:
            'क्लियरस्पीक में आपका स्वागत है। यह छोटा मूल्यांकन दिखाता है कि आज आप कितनी साफ़ अंग्रेज़ी बोलते हैं। इसमें लगभग पाँच मिनट लगते हैं।',
        },
        {
          heading: 'यह कैसे काम करता है',
          body: 'रिकॉर्ड दबाएँ, लिखा हुआ ज़ोर से पढ़ें, फिर रोकें। आप दोबारा कोशिश कर सकते हैं।',
          narration:
            'आपको एक अंग्रेज़ी शब्द या वाक्य दिखेगा। रिकॉर्ड बटन दबाएँ, अपनी सामान्य आवाज़ में ज़ोर से पढ़ें, और फिर रोकें। अगर पसंद न आए, तो दोबारा कोशिश कर सकते हैं।',
        },
        {
          heading: 'कुछ सुझाव',
          body: 'शांत जगह चुनें। माइक्रोफ़ोन पास रखें। अपनी सामान्य गति से बोलें।',
          narration:
            'एक शांत जगह चुनें और माइक्रोफ़ोन पास रखें। अपनी सामान्य गति से बोलें। गलतियों की चिंता न करें, उनसे हमें पता चलता है कि क्या अभ्यास करना है।',
        },
        {
          heading: 'आपके नतीजे',
          body: 'हमारा एआई हर ध्वनि सुनता है और आपकी निजी अध्ययन योजना बनाता है।',
          narration:
            'पूरा होने पर हमारा एआई आपकी हर ध्वनि सुनेगा। आपको अपना स्कोर, सुझाव और एक निजी अध्ययन योजना मिलेगी। चलिए शुरू करते हैं!',
        },
      ],
    },
    {
      language: 'portuguese',
      locale: 'pt-BR',
      voice: 'pt-br',
      title: 'Sua avaliação gratuita de inglês falado',
      slides: [
        {
          heading: 'Bem-vindo ao ClearSpeak',
          body: 'Uma avaliação curta do seu inglês falado: cerca de 5 minutos.',
          narration:
            'Bem-vindo ao ClearSpeak. Esta avaliação curta mostra com que clareza você fala inglês hoje. Ela leva cerca de cinco minutos.',
        },
        {
          heading: 'Como funciona',
          body: 'Toque em gravar, leia o texto em voz alta e toque em parar. Você pode tentar de novo.',
          narration:
            'Você vai ver uma palavra ou uma frase em inglês. Toque no botão de gravar, leia em voz alta com a sua voz normal e toque em parar. Se não gostar, pode tentar de novo.',
        },
        {
          heading: 'Dicas',
          body: 'Procure um lugar silencioso. Deixe o microfone perto. Fale na sua velocidade normal.',
          narration:
            'Procure um lugar silencioso e deixe o microfone perto. Fale na sua velocidade normal. Não se preocupe com os erros: eles mostram o que praticar.',
        },
        {
          heading: 'Seus resultados',
          body: 'Nossa inteligência artificial ouve cada som e monta o seu plano de estudo pessoal.',
          narration:
            'No final, nossa inteligência artificial ouve cada som que você fez. Você recebe sua nota, dicas e um plano de estudo pessoal. Vamos começar!',
        },
      ],
    },
    {
      language: 'french',
      locale: 'fr',
      voice: 'fr-fr',
      title: 'Votre évaluation gratuite de l’anglais parlé',
      slides: [
        {
          heading: 'Bienvenue sur ClearSpeak',
          body: 'Une courte évaluation de votre anglais parlé : environ 5 minutes.',
          narration:
            "Bienvenue sur ClearSpeak. Cette courte évaluation montre à quel point vous parlez clairement l'anglais aujourd'hui. Elle dure environ cinq minutes.",
        },
        {
          heading: 'Comment ça marche',
          body: 'Appuyez sur enregistrer, lisez le texte à voix haute, puis arrêtez. Vous pouvez recommencer.',
          narration:
            "Vous verrez un mot ou une phrase en anglais. Appuyez sur le bouton d'enregistrement, lisez à voix haute avec votre voix habituelle, puis appuyez sur stop. Si le résultat ne vous plaît pas, vous pouvez recommencer.",
        },
        {
          heading: 'Conseils',
          body: 'Installez-vous au calme. Gardez le micro près de vous. Parlez à votre vitesse normale.',
          narration:
            "Installez-vous dans un endroit calme et gardez le micro près de vous. Parlez à votre vitesse normale. Ne vous inquiétez pas des erreurs : elles nous montrent ce qu'il faut travailler.",
        },
        {
          heading: 'Vos résultats',
          body: 'Notre intelligence artificielle écoute chaque son et prépare votre plan d’étude personnel.',
          narration:
            "À la fin, notre intelligence artificielle écoute chaque son que vous avez prononcé. Vous recevez votre score, des conseils et un plan d'étude personnel. C'est parti !",
        },
      ],
    },
    {
      language: 'arabic',
      locale: 'ar',
      voice: 'ar',
      title: 'تقييمك المجاني للتحدث باللغة الإنجليزية',
      slides: [
        {
          heading: 'مرحبًا بك في ClearSpeak',
          body: 'تقييم قصير لطريقة تحدثك بالإنجليزية: حوالي خمس دقائق.',
          narration:
            'مرحبًا بك في كلير سبيك. يوضح هذا التقييم القصير مدى وضوح حديثك باللغة الإنجليزية اليوم. يستغرق حوالي خمس دقائق.',
        },
        {
          heading: 'كيف يعمل',
          body: 'اضغط على زر التسجيل، واقرأ النص بصوت عالٍ، ثم اضغط على إيقاف. يمكنك المحاولة مرة أخرى.',
          narration:
            'سترى كلمة أو جملة باللغة الإنجليزية. اضغط على زر التسجيل، واقرأها بصوت عالٍ بصوتك الطبيعي، ثم اضغط على إيقاف. إذا لم تكن راضيًا، يمكنك المحاولة مرة أخرى.',
        },
        {
          heading: 'نصائح',
          body: 'اختر مكانًا هادئًا. أبقِ الميكروفون قريبًا. تحدث بسرعتك العادية.',
          narration:
            'اختر مكانًا هادئًا وأبقِ الميكروفون قريبًا منك. تحدث بسرعتك العادية. لا تقلق من الأخطاء، فهي تساعدنا على معرفة ما تحتاج إلى التدرب عليه.',
        },
        {
          heading: 'نتائجك',
          body: 'يستمع الذكاء الاصطناعي إلى كل صوت ويضع لك خطة دراسة شخصية.',
          narration:
            'عند الانتهاء، يستمع الذكاء الاصطناعي إلى كل صوت نطقته. ستحصل على نتيجتك ونصائح وخطة دراسة شخصية. هيا نبدأ!',
        },
      ],
    },
  ],
  waitingTips: [
    'Hang Tight! Our AI is listening carefully to every sound you recorded.',
    'Tip: Practise 15 minutes every day. A little practice each day works better than one long lesson a week.',
    'Tip: Record yourself and listen back. You will hear things you do not notice while you are speaking.',
    'Tip: Make the important words in a sentence longer and louder, and say the small words quickly.',
    'Tip: For TH, put the tip of your tongue between your teeth and blow gently.',
    "Tip: Don't drop the last sound of a word. 'Asked' ends with a K and a T.",
    'Almost there! Your personal study plan is being prepared.',
  ],
};
