// Pixels dice read by the browser (Web Bluetooth), one per team: each roll a die comes to rest on is handed to
// `onRoll(team, face)`, which sends it as the page's on-screen dice do (a `roll` input the referee judges, and
// refuses while the game awaits no roll). The bytes are sb/pixels_messages.js's.
//
// Web Bluetooth needs Chrome or Edge (on Linux with chrome://flags/#enable-experimental-web-platform-features)
// and a secure page: https, or http on localhost. A die that sleeps or leaves the browser's reach is connected
// again when it comes back: the page keeps trying, so a roll after it wakes counts.
//
// The panel speaks the page's language (sb/i18n.js): a status's detail is either the browser's own text (its
// error messages, a die's name), kept as it came, or a function that says this module's sentence again after a
// switch of language.

import { onLanguage, t } from "sb/i18n.js";
import { PIXELS_SERVICES, blink, decodeIAmADie, isSixSided, rolledFace, whoAreYou } from "sb/pixels_messages.js";

export const TEAMS = ["red", "blue"];
const TEAM_RGB = { red: 0xff0000, blue: 0x0000ff };
const RETRY_MS = [500, 1000, 2000, 5000, 10000]; // between tries to reach a die that went away, then the last
const IDENTIFY_MS = 5000; // how long a die has to answer whoAreYou
const CONNECT_MS = 10000; // how long a try to connect may take (pixels-web-connect gives its connect a timeout too)

// A failure this module names itself: its words are said in the reader's language whenever the status is shown.
class DieError extends Error {
  constructor(words) {
    super(words());
    this.words = words;
  }
}

// A status's detail from a caught error: this module's own said again, the browser's as it came.
const detailOf = (err) => (err instanceof DieError ? err.words : String(err?.message ?? err));

// One team's die: connects, identifies it (a six-sided Pixels die), blinks it in the team's colour, hands on its
// rolls, and connects again whenever the browser loses it, until `forget()`.
export class PixelsDie {
  constructor(device, team, { onRoll, onStatus, later = (f, ms) => setTimeout(f, ms) }) {
    this.device = device;
    this.team = team;
    this.onRoll = onRoll;
    this.onStatus = onStatus;
    this.later = later;
    this.info = null; // what the die said it is (decodeIAmADie)
    this.forgotten = false;
    this.tries = 0;
    this.connecting = false; // a try under way
    this.waiting = false; // a try to come
    this.listening = new WeakSet(); // characteristics this die's listener is on (one listener each)
    this.identified = null; // resolves the wait for the die's answer to whoAreYou
    this.onMessage = (e) => this.message(e.target.value);
    this.onGone = () => this.gone();
    device.addEventListener("gattserverdisconnected", this.onGone);
  }

  async connect() {
    if (this.forgotten || this.connecting) return; // a try under way calls retry() itself if it fails
    this.connecting = true;
    this.onStatus(this.team, "connecting", this.device.name ?? "");
    try {
      // a link to a die out of reach may hang: given up on (disconnect() aborts it) after CONNECT_MS
      const timer = this.later(() => this.device.gatt.disconnect(), CONNECT_MS);
      const server = await this.device.gatt.connect().finally(() => clearTimeout(timer));
      const { notify, write } = await characteristics(server);
      if (!this.listening.has(notify)) {
        notify.addEventListener("characteristicvaluechanged", this.onMessage);
        this.listening.add(notify);
      }
      await notify.startNotifications();
      const answer = new Promise((resolve) => { this.identified = resolve; });
      await send(write, whoAreYou());
      const info = await Promise.race([answer, new Promise((resolve) => this.later(() => resolve(null), IDENTIFY_MS))]);
      if (!info) throw new DieError(() => t("the die did not say what it is"));
      if (!isSixSided(info)) {
        this.forget();
        const name = this.device.name;
        this.onStatus(this.team, "refused", () => {
          const die = name ?? t("this die"); // said first: the extraction misses a t() in another's arguments
          return t("{die} is a {type}, not a six-sided die", { die, type: info.dieType });
        });
        return;
      }
      this.info = info;
      this.tries = 0;
      send(write, blink(TEAM_RGB[this.team])).catch(() => {}); // the die shows its team; a missed blink is no matter
      this.onStatus(this.team, "ready", this.device.name ?? "");
    } catch (err) {
      if (this.forgotten) return;
      this.onStatus(this.team, "away", detailOf(err));
      if (this.device.gatt.connected) this.device.gatt.disconnect(); // gone() then tries again
      else this.retry();
    } finally {
      this.connecting = false;
    }
  }

  message(value) {
    if (!value) return;
    const info = decodeIAmADie(value);
    if (info) {
      this.identified?.(info);
      this.identified = null;
      return;
    }
    const face = this.info ? rolledFace(value, this.info) : null;
    if (face !== null) this.onRoll(this.team, face);
  }

  gone() {
    if (this.forgotten) return;
    this.onStatus(this.team, "away", () => t("asleep or out of reach"));
    this.retry();
  }

  retry() {
    if (this.forgotten || this.waiting) return;
    this.waiting = true;
    const wait = RETRY_MS[Math.min(this.tries, RETRY_MS.length - 1)];
    this.tries += 1;
    this.later(() => {
      this.waiting = false;
      this.connect();
    }, wait);
  }

  forget() {
    this.forgotten = true;
    this.device.removeEventListener("gattserverdisconnected", this.onGone);
    if (this.device.gatt.connected) this.device.gatt.disconnect();
  }
}

// The die's notify and write characteristics, in whichever of its services it has.
async function characteristics(server) {
  let last;
  for (const uuids of PIXELS_SERVICES) {
    try {
      const service = await server.getPrimaryService(uuids.service);
      return { notify: await service.getCharacteristic(uuids.notify), write: await service.getCharacteristic(uuids.write) };
    } catch (err) {
      last = err;
    }
  }
  throw last;
}

const send = (write, bytes) => (write.writeValueWithResponse ? write.writeValueWithResponse(bytes) : write.writeValue(bytes));

// The chooser the browser shows: Pixels dice only.
export function chooseDie(bluetooth = navigator.bluetooth) {
  return bluetooth.requestDevice({
    filters: PIXELS_SERVICES.map((s) => ({ services: [s.service] })),
    optionalServices: PIXELS_SERVICES.map((s) => s.service),
  });
}

// What a die is doing, and the panel's per-team words (a team's own sentence: the die's colour agrees in Italian).
const STATUS_WORDS = {
  none: () => t("no die"),
  connecting: () => t("connecting"),
  ready: () => t("connected"),
  away: () => t("away"),
  refused: () => t("refused"),
};
const CONNECT_WORDS = { red: () => t("Connect the red Pixels die"), blue: () => t("Connect the blue Pixels die") };
const LET_GO_WORDS = { red: () => t("Let go of the red die"), blue: () => t("Let go of the blue die") };
const TAKEN_WORDS = { red: () => t("that die is the red team's"), blue: () => t("that die is the blue team's") };

// The panel, put after `anchor`: a button per team to connect (or let go of) its die, and what each die is doing.
// One panel a page (the simulator's controls and a game's console may both offer one: the first put in stays).
// Returns the dice by team; null where the browser has no Web Bluetooth (the panel says so) or a panel was there.
export function mountBluetoothDice(anchor, onRoll, { bluetooth = globalThis.navigator?.bluetooth } = {}) {
  if (!anchor || document.querySelector(".bt-dice")) return null;
  const box = document.createElement("div");
  box.className = "bt-dice row";
  const label = () => box.setAttribute("aria-label", t("Bluetooth dice"));
  label();
  anchor.after(box);
  if (!bluetooth?.requestDevice) {
    const unavailable = () => {
      label();
      box.textContent = t("Pixels dice: this browser has no Web Bluetooth (use Chrome or Edge, on https or localhost).");
    };
    unavailable();
    box.dataset.available = "false";
    onLanguage(unavailable);
    return null;
  }
  box.dataset.available = "true";
  const dice = {};
  const rows = {};
  const shown = {}; // team -> [state, detail] last shown, said again after a switch of language
  for (const team of TEAMS) {
    const row = document.createElement("span");
    row.className = "bt-die";
    row.dataset.team = team;
    const button = document.createElement("button");
    button.type = "button";
    button.className = `btn-${team}`;
    const status = document.createElement("span");
    status.className = "bt-status";
    row.append(button, " ", status);
    box.append(row, " ");
    rows[team] = { row, button, status };
  }
  const show = (team, state, detail = "") => {
    const { row, button, status } = rows[team];
    if (state === "refused") delete dice[team];
    shown[team] = [state, detail];
    row.dataset.state = state;
    const words = STATUS_WORDS[state]?.() ?? state;
    const said = typeof detail === "function" ? detail() : detail;
    status.textContent = said ? `${words}: ${said}` : words;
    button.textContent = (dice[team] ? LET_GO_WORDS : CONNECT_WORDS)[team]();
  };
  const connect = async (team) => {
    let device;
    try {
      device = await chooseDie(bluetooth);
    } catch (err) {
      if (err?.name !== "NotFoundError") show(team, "none", String(err?.message ?? err)); // NotFoundError: chooser closed
      return;
    }
    const other = TEAMS.find((t) => t !== team);
    if (dice[other]?.device.id === device.id) {
      show(team, "none", TAKEN_WORDS[other]);
      return;
    }
    dice[team] = new PixelsDie(device, team, { onRoll, onStatus: show });
    await dice[team].connect();
  };
  box.addEventListener("click", (e) => {
    const button = e.target.closest("button");
    const team = button?.closest(".bt-die")?.dataset.team;
    if (!team) return;
    if (dice[team]) {
      dice[team].forget();
      delete dice[team];
      show(team, "none");
    } else connect(team);
  });
  for (const team of TEAMS) show(team, "none");
  onLanguage(() => {
    label();
    for (const team of TEAMS) show(team, ...shown[team]);
  });
  return dice;
}
