/**
 * Product analytics events (spec: learning §7 "analytics identify and track events such as …
 * Module Start, Module Init …"; §4 "a 'Module Completed' event is tracked").
 *
 * A typed, in-process event bus: features call `track()`, and whoever delivers events (an
 * analytics sink, issue by issue) subscribes with `onTrack()`. No endpoint exists yet, so
 * nothing is sent over the network here.
 */
export interface AnalyticsEvents {
  'Module Completed': { moduleId: number; title: string };
  /** learning §7 — the module feedback page was opened. */
  'Enter Show Feedback': { moduleId: number };
}

export type AnalyticsEventName = keyof AnalyticsEvents;

export interface TrackedEvent<N extends AnalyticsEventName = AnalyticsEventName> {
  name: N;
  properties: AnalyticsEvents[N];
}

type Listener = (event: TrackedEvent) => void;
const listeners = new Set<Listener>();

export function track<N extends AnalyticsEventName>(name: N, properties: AnalyticsEvents[N]): void {
  const event = { name, properties } as TrackedEvent;
  for (const listener of listeners) listener(event);
}

/** Subscribes to every tracked event; returns the unsubscribe. */
export function onTrack(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
