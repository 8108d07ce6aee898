import { useState } from 'react';
import { Alert, Box, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import type { LessonItem } from '@clearspeak/contract';
import { AuthedAudio } from '@/components/audio';
import { RecorderPanel, type Recording } from '@/components/recorder';
import { errorMessage } from '@/lib/api';
import { AiResultError, AI_ERROR_DEFAULT } from '../api/ai-error';
import { evaluateFluency, type FluencyResult } from '../api/evaluate-fluency';
import { scoreRecognisingTool, type AiSmartCoachResult } from '../api/score-recognising-tool';
import { sendListenAnswer } from '../api/send-listen-answer';
import {
  uploadFinalRecording,
  uploadListenRecording,
  uploadPreLessonRecording,
} from '../api/upload-recordings';
import { fluencyWordTone, letterBarHeightPct, phoneScoreTone, toneColor } from '../lib/scores';
import { ActivityRating } from './activity-rating';
import { ModelAudioButton, playClip } from './model-audio-button';
import { NoticeModal } from './notice-modal';
import { COULD_NOT_RETRIEVE, FINAL_UPLOAD_FAILED } from './recording-messages';
import { ScoreRing } from './score-ring';

export { COULD_NOT_RETRIEVE, FINAL_UPLOAD_FAILED } from './recording-messages';

/**
 * Result sounds of listen-and-choose (content/README "result sounds"). The contract has no
 * field for them yet, so they are addressed by their media key under the media prefix.
 */
export const RESULT_SOUNDS = {
  correct: '/media/sounds/correct.mp3',
  incorrect: '/media/sounds/incorrect.mp3',
} as const;

export interface StepScreenProps {
  item: LessonItem;
  moduleId: number;
  moduleCode: string;
  /** 'Next One' inside a section, 'Continue' on its last item. */
  nextLabel: string;
  onFinished: () => void;
}

/** spec: §8 — a recording that cannot be read is reported, never uploaded empty. */
function requireRecording(recording: Recording | null): Recording {
  if (!recording || recording.blob.size === 0) throw new Error(COULD_NOT_RETRIEVE);
  return recording;
}

function itemText(item: LessonItem): string {
  return (
    item.text_to_speech ||
    item.word ||
    [item.description_first, item.description_second].filter(Boolean).join(' ') ||
    item.description ||
    item.title
  );
}

function LessonHeading({ item }: { item: LessonItem }) {
  return (
    <Title order={2} size="h3">
      {item.title || item.lesson_title}
    </Title>
  );
}

function useDialog() {
  const [dialog, setDialog] = useState<{ title: string; message: string } | null>(null);
  /**
   * A failed submit: the §8 dialog, then thrown on so the recorder keeps the recording for
   * another try. A recording that could not be read keeps its own message (§8).
   */
  const fail = (error: unknown, title: string, message: string): never => {
    if (error instanceof Error && error.message === COULD_NOT_RETRIEVE) throw error;
    setDialog({ title, message });
    throw new Error(message, { cause: error });
  };
  const element = (
    <NoticeModal
      opened={dialog !== null}
      title={dialog?.title ?? ''}
      message={dialog?.message ?? ''}
      onClose={() => setDialog(null)}
    />
  );
  return { fail, element };
}

/** spec: §8 — an AI answer the client cannot accept: the server's error_message, or the default. */
function aiFailure(error: unknown) {
  return {
    title: 'Error',
    message: error instanceof AiResultError ? error.message : AI_ERROR_DEFAULT,
  };
}

/**
 * What every recording screen shares: the learner's last recording, the recorder, and the §8
 * dialog when sending fails (the recorder then keeps the recording for another try).
 */
function RecordingStep({
  item,
  submitLabel,
  send,
  failure,
  onSent,
}: {
  item: LessonItem;
  submitLabel: string;
  send: (recording: Recording) => Promise<unknown>;
  failure: (error: unknown) => { title: string; message: string };
  onSent?: () => void;
}) {
  const dialog = useDialog();
  return (
    <>
      {item.user_recorded_file && (
        <AuthedAudio
          url={item.user_recorded_file}
          label="your last recording"
          text="Your last recording"
          playingText="Your last recording"
        />
      )}
      <RecorderPanel
        submitLabel={submitLabel}
        onSubmit={async (recording) => {
          try {
            await send(requireRecording(recording));
          } catch (error) {
            const { title, message } = failure(error);
            dialog.fail(error, title, message);
          }
          onSent?.();
        }}
      />
      {dialog.element}
    </>
  );
}

/** Pre lesson: record the prompt and upload it as pre_lesson (spec: §7). */
export function PreLessonScreen({ item, onFinished }: StepScreenProps) {
  return (
    <Stack gap="md">
      <LessonHeading item={item} />
      {item.description && <Text>{item.description}</Text>}
      {item.text_to_speech && (
        <Paper withBorder p="md" radius="md">
          <Text fz="lg">{item.text_to_speech}</Text>
        </Paper>
      )}
      <RecordingStep
        item={item}
        submitLabel="Submit"
        send={(recording) => uploadPreLessonRecording({ lessonId: item.id, recording })}
        // spec: §8 — upload failure: a dialog showing the error message.
        failure={(error) => ({ title: 'Error', message: errorMessage(error) })}
        onSent={onFinished}
      />
    </Stack>
  );
}

/** Video lesson: HTML5 video with its WebVTT captions shown by default. */
export function VideoLessonScreen({ item, nextLabel, onFinished }: StepScreenProps) {
  return (
    <Stack gap="md">
      <LessonHeading item={item} />
      {item.file_url && (
        <Box
          component="video"
          controls
          preload="metadata"
          playsInline
          src={item.file_url}
          aria-label={`Video: ${item.title}`}
          w="100%"
          style={{ borderRadius: 12, background: 'black', aspectRatio: '16 / 9' }}
          onLoadedMetadata={(event) => {
            // Captions on by default (issue 4); `default` alone is ignored by some browsers.
            const track = event.currentTarget.textTracks[0];
            if (track) track.mode = 'showing';
          }}
        >
          {item.caption_url && (
            <track kind="captions" src={item.caption_url} srcLang="en" label="English" default />
          )}
          Your browser does not support the video element.
        </Box>
      )}
      {item.description && <Text>{item.description}</Text>}
      <Button size="lg" onClick={onFinished} style={{ alignSelf: 'flex-end' }}>
        {nextLabel}
      </Button>
    </Stack>
  );
}

/** Listen and record: play the model, record, upload (spec: §7 upload-listen-record). */
export function ListenRecordScreen({ item, nextLabel, onFinished }: StepScreenProps) {
  const word = item.word ?? item.title;
  return (
    <Stack gap="md">
      <Group gap="sm">
        <Title order={2} fz={32}>
          {word}
        </Title>
        {item.audio_url && <ModelAudioButton src={item.audio_url} label={`Listen to ${word}`} />}
      </Group>
      {item.description && <Text>{item.description}</Text>}
      <RecordingStep
        item={item}
        submitLabel={nextLabel}
        send={(recording) => uploadListenRecording({ listenRecordId: item.id, recording })}
        // spec: §8 — upload failure: a dialog showing the error message.
        failure={(error) => ({ title: 'Error', message: errorMessage(error) })}
        onSent={onFinished}
      />
    </Stack>
  );
}

/**
 * Listen and choose: one answer, locked after the choice, a sound for right and wrong
 * (spec: §4 Listen-and-choose answer, §5).
 */
export function ListenChooseScreen({
  item,
  moduleId,
  nextLabel,
  onFinished,
  answer,
  onAnswer,
}: StepScreenProps & {
  answer: string | undefined;
  onAnswer: (title: string, isCorrect: boolean) => void;
}) {
  const word = item.word ?? item.title;
  const correct = item.listen_select_options.find((o) => o.correct);
  const isAnswered = answer !== undefined;
  const isRight = isAnswered && correct?.title === answer;
  function choose(title: string, isCorrect: boolean) {
    if (isAnswered) return;
    onAnswer(title, isCorrect);
    playClip(isCorrect ? RESULT_SOUNDS.correct : RESULT_SOUNDS.incorrect);
    // The server keeps the first answer per item (it counts in the module score); if this
    // item was answered before, the stored answer is the one shown.
    sendListenAnswer({ moduleId, stepId: item.unique_id, answer: title })
      .then((stored) => {
        if (stored.answer !== title) onAnswer(stored.answer, stored.is_correct);
      })
      .catch(() => undefined);
  }
  return (
    <Stack gap="md">
      {/* Not the item's title: it may name the answer. */}
      <Title order={2} size="h3">
        Which word do you hear?
      </Title>
      <Text>Listen, then choose the word you hear.</Text>
      {item.audio_url && <ModelAudioButton src={item.audio_url} label="Listen to the word" />}
      <Stack gap="sm" role="group" aria-label="Options">
        {item.listen_select_options.map((option) => {
          const isChosen = answer === option.title;
          const color = !isAnswered
            ? 'brand'
            : option.correct
              ? 'green'
              : isChosen
                ? 'red'
                : 'gray';
          return (
            <Button
              key={option.title}
              size="lg"
              variant={isAnswered && (isChosen || option.correct) ? 'filled' : 'default'}
              color={color}
              aria-pressed={isChosen}
              // Locked after the choice (§5) but still coloured right/wrong, so not `disabled`.
              aria-disabled={isAnswered || undefined}
              style={isAnswered ? { cursor: 'default' } : undefined}
              onClick={() => choose(option.title, option.correct)}
              leftSection={
                isAnswered && option.correct ? (
                  <IconCheck size={20} aria-hidden />
                ) : isChosen ? (
                  <IconX size={20} aria-hidden />
                ) : undefined
              }
            >
              {option.title}
            </Button>
          );
        })}
      </Stack>
      {isAnswered && (
        <Alert color={isRight ? 'green' : 'red'} variant="light" role="status">
          {isRight ? 'Correct!' : `Not quite. The word was “${correct?.title ?? word}”.`}
        </Alert>
      )}
      {isAnswered && (
        <Button size="lg" onClick={onFinished} style={{ alignSelf: 'flex-end' }}>
          {nextLabel}
        </Button>
      )}
    </Stack>
  );
}

function customValue(
  result: AiSmartCoachResult['data'],
  title: 'Improvement advice' | 'Nativeness',
) {
  return result.custom_result.find((c) => c.custom_title === title)?.custom_value ?? null;
}

/** The AI assessment of one word (spec: §3 AI result; §9 colours and bar heights). */
export function AiResultView({ result }: { result: AiSmartCoachResult }) {
  const data = result.data;
  const advice = customValue(data, 'Improvement advice');
  const nativeness = customValue(data, 'Nativeness');
  if (result.status === 201) {
    // A retake: the engine could not judge the recording, so there are no scores to show.
    return (
      <Stack gap="md" aria-label="AI result" role="region">
        <Alert color="yellow" variant="light" role="alert" title="Please record again">
          {data.error_message || AI_ERROR_DEFAULT}
        </Alert>
        {data.advice_voice.has_voice && data.advice_voice.link && (
          <Group gap="sm">
            <Text size="sm">Hear it said well:</Text>
            <ModelAudioButton src={data.advice_voice.link} label="Play the advice voice" />
          </Group>
        )}
      </Stack>
    );
  }
  return (
    <Stack gap="md" aria-label="AI result" role="region">
      <Group gap="lg" align="center" wrap="wrap">
        <ScoreRing score={Math.round(data.score)} label="Word score" size={96} />
        <Stack gap={4}>
          <Title order={3} size="h5">
            Sounds
          </Title>
          <Group gap={6} wrap="wrap" aria-label="Sounds" role="list">
            {data.alignment_info.map((phone, index) => {
              const tone = phoneScoreTone(phone.score);
              return (
                <Text
                  key={`${phone.phone}-${index}`}
                  role="listitem"
                  data-tone={tone}
                  fw={700}
                  px={8}
                  py={2}
                  style={{
                    color: toneColor(tone),
                    border: `2px solid ${toneColor(tone)}`,
                    borderRadius: 8,
                  }}
                  aria-label={`${phone.phone}: ${phone.score.toFixed(1)} of 3`}
                >
                  {phone.phone}
                </Text>
              );
            })}
          </Group>
        </Stack>
      </Group>
      <Stack gap={4}>
        <Title order={3} size="h5">
          Letters
        </Title>
        <Group gap={6} align="flex-end" wrap="nowrap" h={96} role="list" aria-label="Letters">
          {data.letter_based.map((letter, index) => (
            <Stack
              key={`${letter.letter}-${index}`}
              gap={2}
              align="center"
              justify="flex-end"
              h="100%"
              role="listitem"
            >
              <Box
                w={22}
                data-testid="letter-bar"
                aria-label={`${letter.letter}: ${letter.score.toFixed(1)} of 3`}
                role="img"
                style={{
                  height: `${letterBarHeightPct(letter.score)}%`,
                  background: letter.color || toneColor(phoneScoreTone(letter.score)),
                  borderRadius: 4,
                  minHeight: 2,
                }}
              />
              <Text fw={700} aria-hidden>
                {letter.letter}
              </Text>
            </Stack>
          ))}
        </Group>
      </Stack>
      {advice && (
        <Stack gap={2}>
          <Title order={3} size="h5">
            Improvement advice
          </Title>
          <Text>{advice}</Text>
        </Stack>
      )}
      {nativeness && (
        <Stack gap={2}>
          <Title order={3} size="h5">
            Nativeness
          </Title>
          <Text>{nativeness}</Text>
        </Stack>
      )}
      {data.advice_voice.has_voice && data.advice_voice.link && (
        <Group gap="sm">
          <Text size="sm">Hear it said well:</Text>
          <ModelAudioButton src={data.advice_voice.link} label="Play the advice voice" />
        </Group>
      )}
    </Stack>
  );
}

/** Recognising tools: record → /v3/ai-smart-coach → the assessment (spec: §7, §8). */
export function RecognisingToolScreen({
  item,
  moduleCode,
  nextLabel,
  onFinished,
}: StepScreenProps) {
  const [result, setResult] = useState<AiSmartCoachResult | null>(null);
  const word = item.word ?? item.title;
  return (
    <Stack gap="md">
      <Group gap="sm">
        <Title order={2} fz={32}>
          {word}
        </Title>
        {item.audio_url && <ModelAudioButton src={item.audio_url} label={`Listen to ${word}`} />}
      </Group>
      <RecordingStep
        item={item}
        submitLabel="Check"
        send={async (recording) =>
          setResult(await scoreRecognisingTool({ moduleCode, text: word, recording }))
        }
        failure={aiFailure}
      />
      {result && <AiResultView result={result} />}
      {result && (
        <Button size="lg" onClick={onFinished} style={{ alignSelf: 'flex-end' }}>
          {nextLabel}
        </Button>
      )}
    </Stack>
  );
}

/** Words, syllables or sounds of a fluency result, each coloured by §9 (below 70 red, else green). */
function ScoredList({
  title,
  entries,
  size,
  footer,
}: {
  title: string;
  entries: { key: string; text: string; score: number; label?: string }[];
  size?: 'lg';
  footer?: string;
}) {
  return (
    <Stack gap={4}>
      <Title order={3} size="h5">
        {title}
      </Title>
      <Group gap={size === 'lg' ? 8 : 6} wrap="wrap" role="list" aria-label={title}>
        {entries.map((entry) => {
          const tone = fluencyWordTone(entry.score);
          return (
            <Text
              key={entry.key}
              role="listitem"
              data-tone={tone}
              fz={size}
              fw={size === 'lg' ? 700 : undefined}
              style={{ color: toneColor(tone) }}
              aria-label={entry.label}
            >
              {entry.text}
            </Text>
          );
        })}
      </Group>
      {footer && (
        <Text size="sm" c="gray.7">
          {footer}
        </Text>
      )}
    </Stack>
  );
}

/** The fluency evaluation of a sentence (spec: §3 Fluency result; §9 word colours). */
export function FluencyResultView({ result }: { result: FluencyResult }) {
  const widget = result.widgets[0]?.widget_data;
  const overall = result.score[0]?.score;
  return (
    <Stack gap="md" role="region" aria-label="Fluency result">
      {result.status === 648 && (
        <Alert color="yellow" variant="light" role="alert" title="Evaluated with warnings">
          {result.warnings.length > 0 ? (
            <Stack gap={2}>
              {result.warnings.map((warning) => (
                <Text key={warning} size="sm">
                  {warning}
                </Text>
              ))}
            </Stack>
          ) : (
            'Some parts of your recording could not be judged well.'
          )}
        </Alert>
      )}
      {overall !== undefined && (
        <ScoreRing score={Math.round(overall)} label="Fluency score" size={96} />
      )}
      {widget && (
        <ScoredList
          title="Words"
          entries={widget.words.map((w, index) => ({
            key: `${w.word}-${index}`,
            text: w.word,
            score: w.score,
            label: `${w.word}: ${Math.round(w.score)}`,
          }))}
          size="lg"
          footer={`${Math.round(widget.speech_rate_wpm)} words per minute · ${widget.pause_count} pauses`}
        />
      )}
      {result.analysis.syllable_score_list.length > 0 && (
        <ScoredList
          title="Syllables"
          entries={result.analysis.syllable_score_list.map((syllable, index) => ({
            key: `${syllable.word}-${syllable.syllable}-${index}`,
            text: syllable.syllable,
            score: syllable.score,
          }))}
        />
      )}
      {result.analysis.phone_score_list.length > 0 && (
        <ScoredList
          title="Sounds"
          entries={result.analysis.phone_score_list.map((p, index) => ({
            key: `${p.word}-${p.phone}-${index}`,
            text: `/${p.ipa || p.phone}/`,
            score: p.score,
            label: `${p.ipa || p.phone} in ${p.word}: ${Math.round(p.score)}`,
          }))}
        />
      )}
    </Stack>
  );
}

/** Fluency activity: record → /fluency-evaluation → words, syllables, sounds (spec: §7). */
export function FluencyActivityScreen({
  item,
  moduleId,
  moduleCode,
  nextLabel,
  onFinished,
}: StepScreenProps) {
  const [result, setResult] = useState<FluencyResult | null>(null);
  const text = itemText(item);
  return (
    <Stack gap="md" role="region" aria-label="Fluency activity">
      <LessonHeading item={item} />
      <Paper withBorder p="md" radius="md" role="note" aria-label="Sentence to say">
        <Text fz="lg">{text}</Text>
      </Paper>
      {item.audio_url && <ModelAudioButton src={item.audio_url} label="Listen to the sentence" />}
      <RecordingStep
        item={item}
        submitLabel="Check"
        send={async (recording) =>
          setResult(await evaluateFluency({ moduleId, moduleCode, text, recording }))
        }
        failure={aiFailure}
      />
      {result && <FluencyResultView result={result} />}
      {result && <ActivityRating fluencyActivityId={item.pivot.fluency_activity_id ?? item.id} />}
      {result && (
        <Button size="lg" onClick={onFinished} style={{ alignSelf: 'flex-end' }}>
          {nextLabel}
        </Button>
      )}
    </Stack>
  );
}

/** Final assessment: record each item → upload-final-record (spec: §7; §8 'Failed'). */
export function FinalAssessmentScreen({ item, moduleId, nextLabel, onFinished }: StepScreenProps) {
  const text = itemText(item);
  return (
    <Stack gap="md">
      <LessonHeading item={item} />
      <Paper withBorder p="md" radius="md">
        <Text fz="lg">{text}</Text>
      </Paper>
      <RecordingStep
        item={item}
        submitLabel={nextLabel}
        send={(recording) => uploadFinalRecording({ assessmentId: item.id, moduleId, recording })}
        // spec: §8 — final upload failure.
        failure={() => ({ title: 'Failed', message: FINAL_UPLOAD_FAILED })}
        onSent={onFinished}
      />
    </Stack>
  );
}
