// The broker connection (mqtt.js over WebSockets) and the reading of one board's topics.
//
// mqtt.js reconnects by itself (reconnectPeriod); subscriptions are made again on every connect
// because a spectator's session is clean. Events and the retained state share one rising `seq`
// (MQTT.md): when an event's seq jumps past the last seen seq + 1 something was missed, and the page
// re-reads the retained state by subscribing to it again (the broker then sends the retained copy).

import mqtt from "mqtt";
import { checkClock, checkLeds, checkState, parseJson } from "sb/validate.js";

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
    for (const t of ["status", "state", "events", "clock", "leds", "response"]) conn.subscribe(`${base}/${t}`);
  }

  handle(topic, payload, packet) {
    if (!topic.startsWith(`${this.base}/`)) return false;
    const name = topic.slice(this.base.length + 1);
    const retained = !!packet?.retain;
    if (name === "status") return this.onStatus(new TextDecoder().decode(payload).trim());
    const doc = parseJson(payload);
    switch (name) {
      case "state": return this.onState(doc, retained);
      case "events": return this.onEvent(doc);
      case "clock": return this.checked(name, doc, checkClock(doc)) && this.h.onClock?.(doc, { live: !retained });
      case "leds": return this.checked(name, doc, checkLeds(doc)) && this.h.onLeds?.(doc);
      case "response": return doc instanceof Error ? null : this.h.onResponse?.(doc);
      default: return null;
    }
  }

  // Keeps the per-topic "invalid" problem up to date; true when the document may be used.
  checked(topic, doc, reason) {
    const why = doc instanceof Error ? doc.message : reason;
    if (why) this.invalid.set(topic, why);
    else this.invalid.delete(topic);
    const [t, r] = [...this.invalid][0] ?? [];
    this.h.onProblem?.("invalid", t ? `Ignoring an invalid ${t} message: ${r}` : null);
    return !why;
  }

  onStatus(text) {
    if (text !== "online" && text !== "offline") return;
    const was = this.status;
    this.status = text;
    // a board coming back may have restarted: take its next state whatever its seq
    if (text === "online" && was === "offline") this.reset();
    this.h.onStatus?.(text);
    this.h.onProblem?.("offline", text === "offline" ? "The board is offline: this is its last known state" : null);
  }

  // After our reconnect or the board's restart the retained state comes afresh and is taken as it is.
  reset() {
    if (this.lastSeq !== null) this.before = this.lastSeq;
    this.lastSeq = null;
  }

  onState(doc, retained) {
    if (!this.checked("state", doc, doc instanceof Error ? null : checkState(doc))) return;
    if (this.before !== null && this.lastSeq === null) {
      if (doc.seq < this.before) this.shown.clear(); // a new counter: its event numbers are new events
      this.before = null;
    }
    if (retained) {
      clearTimeout(this.resyncing);
      this.resyncing = null;
    } else if (this.lastSeq !== null && doc.seq <= this.lastSeq) {
      return; // an older or repeated state
    }
    // a re-read retained state may be older than the event that showed the gap: keep the higher mark
    this.lastSeq = this.lastSeq === null ? doc.seq : Math.max(this.lastSeq, doc.seq);
    this.h.onState?.(doc);
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
