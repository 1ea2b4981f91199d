// The broker connection (mqtt.js over WebSockets) and the reading of one board's topics.
//
// mqtt.js reconnects by itself (reconnectPeriod); subscriptions are made again on every connect
// because a spectator's session is clean. Events and the retained state share one rising `seq`
// (docs/mqtt.md): when an event's seq jumps past the last seen seq + 1 something was missed, and the page
// re-reads the retained state by subscribing to it again (the broker then sends the retained copy).
//
// CPU: a daemon at full speed sends hundreds of messages a second, and each state, LED and clock
// document replaces the one before it. Those three are kept as the bytes that came, the newest of each,
// and parsed and checked only when the view is about to paint (settle(), from its animation frame), so a
// document superseded within a frame costs nothing. A state's seq is read from its last bytes at once
// (trailingSeq), which keeps the gap detection exact for the events that follow it (a state that then fails
// its check still counts as received: re-reading it would bring the same document); an event settles the
// state before it, so its feed line gets that state's match minute, as when every state was parsed.
//
// A state is checked and drawn by its game's page module (sb/games.js). When a state names a game whose
// module is not in yet, the state waits, and every message after it waits behind it (GameGate), until the
// module is in (or the game is shown plainly): then they are taken in the order they came.

import { t as say } from "sb/i18n.js";
import mqtt from "mqtt";
import { GameGate, gameNow } from "sb/games.js";
import { checkClock, checkLeds, checkState, decodeText, parseJson, trailingSeq } from "sb/validate.js";

const RECONNECT_MS = 2000;
const RESYNC_TIMEOUT_MS = 3000;

// One client for the page. `onConnection(up, why)` reports the link; `onMessage(topic, bytes, packet)`.
export function connect(url, { onConnection, onMessage }) {
  const client = mqtt.connect(url, {
    clientId: `sb-web-${Math.random().toString(16).slice(2, 10)}`,
    clean: true,
    keepalive: 30,
    reconnectPeriod: RECONNECT_MS,
    connectTimeout: 5000,
    resubscribe: false, // we subscribe on every connect ourselves
    // mqtt.js would otherwise fill a cache of 65536 two-byte buffers on its first write, which holds up the
    // page for tens of milliseconds (and a garbage collection) just while the broker is answering
    writeCache: false,
  });
  const topics = new Map(); // topic -> qos
  let up = false;
  // every failed attempt is reported (the banner then says "cannot be reached", not "connecting")
  const report = (state, why) => {
    if (state && up) return;
    up = state;
    onConnection(state, why ?? null);
  };
  client.on("connect", () => {
    report(true);
    if (topics.size) client.subscribe(Object.fromEntries([...topics].map(([t, qos]) => [t, { qos }])));
  });
  client.on("close", () => report(false));
  client.on("offline", () => report(false));
  client.on("error", (err) => report(false, err?.message ?? String(err)));
  client.on("message", (topic, payload, packet) => onMessage(topic, payload, packet));
  return {
    subscribe(topic, qos = 1) {
      topics.set(topic, qos);
      if (client.connected) client.subscribe(topic, { qos });
    },
    // Unsubscribe and subscribe again: the broker sends the retained message anew.
    reread(topic) {
      if (!client.connected) return;
      const qos = topics.get(topic) ?? 1;
      client.unsubscribe(topic, () => client.subscribe(topic, { qos }));
    },
    publish(topic, doc, qos = 1) {
      const payload = typeof doc === "string" ? doc : JSON.stringify(doc);
      return new Promise((resolve, reject) =>
        client.publish(topic, payload, { qos, retain: false }, (err) => (err ? reject(err) : resolve())));
    },
    get connected() {
      return client.connected;
    },
    end() {
      client.end(true);
    },
  };
}

// Reads `<base>/{status,state,events,clock,leds,response}` for one board and hands the checked
// documents to the view. Problems (offline board, invalid payloads) go to `onProblem(kind, text|null)`.
// `onPending()` says that documents wait for settle(); without it they are handed on at once.
export class BoardFeed {
  constructor(conn, base, handlers) {
    this.conn = conn;
    this.base = base;
    this.h = handlers;
    this.lastSeq = null;
    this.shown = new Set(); // event seqs already handed on (QoS 1 may deliver twice)
    this.resyncing = null;
    this.invalid = new Map(); // topic -> reason
    this.status = null;
    this.before = null; // the last seq before a reset, to notice a counter that started again
    this.pending = { state: null, leds: null, clock: null }; // the newest payload of each, not yet parsed
    this.gate = new GameGate((t, p, k) => this.handle(t, p, k));
    for (const t of ["status", "state", "events", "clock", "leds", "response"]) conn.subscribe(`${base}/${t}`);
  }

  handle(topic, payload, packet) {
    if (!topic.startsWith(`${this.base}/`)) return false;
    if (this.gate.closed) return this.gate.hold(topic, payload, packet);
    const name = topic.slice(this.base.length + 1);
    const retained = !!packet?.retain;
    switch (name) {
      case "status": return this.onStatus(decodeText(payload).trim());
      case "state": return this.onStatePayload(payload, retained, [topic, payload, packet]);
      case "events": {
        this.settleState(); // the view's snapshot is the state before this event (its match minute)
        if (this.gate.closed) return this.gate.hold(topic, payload, packet);
        return this.onEvent(parseJson(payload));
      }
      case "clock": return this.later("clock", { payload, live: !retained, at: Date.now() });
      case "leds": return this.later("leds", payload);
      case "response": {
        const doc = parseJson(payload);
        return doc instanceof Error ? null : this.h.onResponse?.(doc);
      }
      default: return null;
    }
  }

  later(name, item) {
    this.pending[name] = item;
    if (this.h.onPending) this.h.onPending();
    else this.settle();
  }

  // Parses, checks and hands on the newest pending documents: the state first (the LEDs are drawn over it).
  settle() {
    this.settleState();
    if (this.gate.closed) return; // the LEDs and the clock go with the state they came after
    const { leds, clock } = this.pending;
    this.pending.leds = this.pending.clock = null;
    if (leds !== null) {
      const doc = parseJson(leds);
      if (this.checked("leds", doc, doc instanceof Error ? null : checkLeds(doc))) this.handOn("leds", () => this.h.onLeds?.(doc));
    }
    if (clock !== null) {
      const doc = parseJson(clock.payload);
      if (this.checked("clock", doc, doc instanceof Error ? null : checkClock(doc))) {
        this.handOn("clock", () => this.h.onClock?.(doc, { live: clock.live, receivedAt: clock.at }));
      }
    }
  }

  settleState() {
    const payload = this.pending.state;
    if (payload === null || this.gate.closed) return;
    const doc = parseJson(payload);
    const game = doc instanceof Error || doc === null || typeof doc !== "object" ? null : gameNow(doc);
    if (game === undefined) {
      // its game's module is not in yet: the state waits for it, then is taken as it would have been now
      this.gate.waitFor(doc, () => (this.h.onPending ? this.h.onPending() : this.settle()));
      return;
    }
    this.pending.state = null;
    if (this.checked("state", doc, doc instanceof Error ? null : checkState(doc, game))) this.handOn("state", () => this.h.onState?.(doc));
  }

  // A document that cannot be shown says so in the banner, as one handled as it came does (app.js), and the
  // others of the frame are still shown.
  handOn(name, show) {
    try {
      show();
    } catch (err) {
      this.h.onProblem?.("invalid", say("Could not show a {topic} message: {why}", { topic: `${this.base}/${name}`, why: err?.message ?? err }));
    }
  }

  // Keeps the per-topic "invalid" problem up to date; true when the document may be used.
  checked(topic, doc, reason) {
    const why = doc instanceof Error ? doc.message : reason;
    if (why) this.invalid.set(topic, why);
    else if (!this.invalid.size) return true; // the common case: nothing was wrong, nothing to say
    else this.invalid.delete(topic);
    const [t, r] = [...this.invalid][0] ?? [];
    this.h.onProblem?.("invalid", t ? say("Ignoring an invalid {topic} message: {why}", { topic: t, why: r }) : null);
    return !why;
  }

  onStatus(text) {
    if (text !== "online" && text !== "offline") return;
    const was = this.status;
    this.status = text;
    // a board coming back may have restarted: take its next state whatever its seq
    if (text === "online" && was === "offline") this.reset();
    this.h.onStatus?.(text);
    this.h.onProblem?.("offline", text === "offline" ? say("The board is offline: this is its last known state") : null);
  }

  // After our reconnect or the board's restart the retained state comes afresh and is taken as it is.
  reset() {
    if (this.lastSeq !== null) this.before = this.lastSeq;
    this.lastSeq = null;
  }

  // A state that comes in the daemon's shape counts for the seq bookkeeping at once and is parsed later;
  // one that is dropped as older is still checked now, as the banner says so when it is invalid.
  onStatePayload(payload, retained, message) {
    const seq = trailingSeq(payload);
    if (seq !== null && this.accept(seq, retained)) return this.later("state", payload);
    this.settleState(); // the one waiting came first
    if (this.gate.closed) return this.gate.hold(...message);
    const doc = parseJson(payload);
    const game = doc instanceof Error || doc === null || typeof doc !== "object" ? null : gameNow(doc);
    if (game === undefined) {
      this.gate.waitFor(doc);
      return this.gate.hold(...message); // taken again once its game is in
    }
    if (!this.checked("state", doc, doc instanceof Error ? null : checkState(doc, game)) || seq !== null) return;
    // another shape than the daemon's: only a valid state counts
    if (this.accept(doc.seq, retained)) this.h.onState?.(doc);
  }

  // The seq bookkeeping of a state as it comes; false for an older or repeated live state, which is dropped.
  accept(seq, retained) {
    if (this.before !== null && this.lastSeq === null) {
      if (seq < this.before) this.shown.clear(); // a new counter: its event numbers are new events
      this.before = null;
    }
    if (retained) {
      clearTimeout(this.resyncing);
      this.resyncing = null;
    } else if (this.lastSeq !== null && seq <= this.lastSeq) {
      return false;
    }
    // a re-read retained state may be older than the event that showed the gap: keep the higher mark
    this.lastSeq = this.lastSeq === null ? seq : Math.max(this.lastSeq, seq);
    return true;
  }

  onEvent(doc) {
    if (doc instanceof Error || doc === null || typeof doc !== "object") return;
    const seq = Number.isInteger(doc.seq) ? doc.seq : null;
    if (seq !== null) {
      if (this.shown.has(seq)) return;
      this.shown.add(seq);
      if (this.shown.size > 1000) this.shown.delete(this.shown.values().next().value);
      if (this.lastSeq !== null && seq > this.lastSeq + 1) this.resync();
      this.lastSeq = this.lastSeq === null ? seq : Math.max(this.lastSeq, seq);
    }
    this.settleState(); // the view's snapshot is the state before this event (its match minute)
    if (typeof doc.ts === "string") this.h.onStamp?.(doc.ts);
    this.h.onEvent?.(doc);
  }

  // Something was missed: read the retained state again (once at a time).
  resync() {
    if (this.resyncing) return;
    this.resyncing = setTimeout(() => { this.resyncing = null; }, RESYNC_TIMEOUT_MS);
    this.h.onResync?.();
    this.conn.reread(`${this.base}/state`);
  }
}
