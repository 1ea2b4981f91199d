// The few Pixels dice messages the page needs, in bytes: who the die is, its roll states, a blink in the team's
// colour. Written from the MIT-licensed source of @systemic-games/pixels-core-connect 1.3.0 and
// pixels-core-animation 1.3.0 (the packages under @systemic-games/pixels-web-connect 1.3.1): that package's ES
// build imports other packages by bare name and Node's `events`, so it cannot be served as static modules
// without a bundler, and its UMD bundle is a 150 kB global script. Pure: no I/O, so Node tests it as it is.
//
// Every message is a type byte and little-endian fields. The page only reads what a die sends on its notify
// characteristic and writes two messages: `whoAreYou` and `blink`.

// The die's GATT service and characteristics: the one pixels-web-connect connects with, and the newer one.
export const PIXELS_SERVICES = [
  { service: "6e400001-b5a3-f393-e0a9-e50e24dcca9e", notify: "6e400001-b5a3-f393-e0a9-e50e24dcca9e", write: "6e400002-b5a3-f393-e0a9-e50e24dcca9e" },
  { service: "a6b90001-7a5a-43f2-a962-350c8edc9b5b", notify: "a6b90002-7a5a-43f2-a962-350c8edc9b5b", write: "a6b90003-7a5a-43f2-a962-350c8edc9b5b" },
];

export const MESSAGE = { whoAreYou: 1, iAmADie: 2, rollState: 3, blink: 29 };

// PixelRollStateValues: only `rolled` is a roll; rolling and handling are the die in the hand or in the air,
// `onFace` a die that came to rest without being rolled, `crooked` one leaning on something.
export const ROLL_STATE = { unknown: 0, rolled: 1, handling: 2, rolling: 3, crooked: 4, onFace: 5 };

// PixelDieTypeValues, by number.
const DIE_TYPES = ["unknown", "d4", "d6", "d8", "d10", "d00", "d12", "d20", "d6pipped", "d6fudge"];
// DiceUtils.estimateDieType: a die that does not say its type is known by its LEDs.
const TYPE_BY_LEDS = { 4: "d4", 6: "d6", 8: "d8", 10: "d10", 12: "d12", 20: "d20", 21: "d6pipped" };

const LEGACY_I_AM_A_DIE_SIZE = 22;
// Firmware dates the package corrects for (DiceUtils.faceFromIndex, Pixel._updateRoll), in ms since 1970.
const FIRMWARE_BAD_NORMALS = 1704150000000; // up to this build, a d6 reported faces 2-5 in another order
const FIRMWARE_TILT_FIX = 1716382800000; // before it, a d6 read slightly tilted reported a roll as crooked

const view = (bytes) => (bytes instanceof DataView ? bytes : new DataView(bytes.buffer ?? bytes, bytes.byteOffset ?? 0, bytes.byteLength));

// The die's answer to `whoAreYou`: its type, LED count and firmware date, in the legacy fixed layout (22 bytes)
// or the chunked one (each chunk starts with its size). Null for any other message.
export function decodeIAmADie(bytes) {
  const dv = view(bytes);
  if (dv.byteLength < 2 || dv.getUint8(0) !== MESSAGE.iAmADie) return null;
  let ledCount, dieType, buildSeconds, pixelId;
  if (dv.byteLength === LEGACY_I_AM_A_DIE_SIZE) {
    ledCount = dv.getUint8(1);
    dieType = dv.getUint8(3);
    pixelId = dv.getUint32(8, true);
    buildSeconds = dv.getUint32(14, true);
  } else {
    const version = 1; // VersionInfoChunk: size, firmwareVersion (2), buildTimestamp (4), ...
    const info = version + dv.getUint8(version); // DieInfoChunk: size, pixelId (4), chipModel, dieType, ledCount
    if (dv.byteLength < info + 8) return null;
    buildSeconds = dv.getUint32(version + 3, true);
    pixelId = dv.getUint32(info + 1, true);
    dieType = dv.getUint8(info + 6);
    ledCount = dv.getUint8(info + 7);
  }
  const named = DIE_TYPES[dieType] ?? "unknown";
  return { pixelId, ledCount, dieType: named !== "unknown" ? named : (TYPE_BY_LEDS[ledCount] ?? "unknown"), firmware: buildSeconds * 1000 };
}

// A roll state message: {state, faceIndex}, or null for any other message.
export function decodeRollState(bytes) {
  const dv = view(bytes);
  if (dv.byteLength < 3 || dv.getUint8(0) !== MESSAGE.rollState) return null;
  return { state: dv.getUint8(1), faceIndex: dv.getUint8(2) };
}

// Whether the die can stand for the game's die: six faces numbered 1 to 6 (a fudge die has not).
export const isSixSided = (die) => die?.dieType === "d6" || die?.dieType === "d6pipped";

// The face up for a face index on a six-sided die (DiceUtils.faceFromIndex), old firmware's order included.
export function faceOf(faceIndex, die) {
  if (die?.dieType === "d6" && die.firmware && die.firmware <= FIRMWARE_BAD_NORMALS) {
    return { 4: 2, 3: 3, 2: 4, 1: 5 }[faceIndex] ?? faceIndex + 1;
  }
  return faceIndex + 1;
}

// The roll a message reports, 1..6, or null: only a die come to rest after a roll counts (a crooked d6 on a
// firmware older than the tilt fix counts too, as the package counts it).
export function rolledFace(bytes, die) {
  const msg = decodeRollState(bytes);
  if (!msg || !isSixSided(die)) return null;
  const tiltFixed = !(die.ledCount === 6 && die.firmware < FIRMWARE_TILT_FIX);
  const rolled = msg.state === ROLL_STATE.rolled || (msg.state === ROLL_STATE.crooked && !tiltFixed);
  if (!rolled) return null;
  const face = faceOf(msg.faceIndex, die);
  return face >= 1 && face <= 6 ? face : null;
}

export const whoAreYou = () => new Uint8Array([MESSAGE.whoAreYou]);

// Blink: count, duration in ms, colour 0xRRGGBB, the faces to light (all), fade, loops.
export function blink(rgb, { count = 3, duration = 1500 } = {}) {
  const dv = new DataView(new ArrayBuffer(14));
  dv.setUint8(0, MESSAGE.blink);
  dv.setUint8(1, count);
  dv.setUint16(2, duration, true);
  dv.setUint32(4, rgb & 0xffffff, true);
  dv.setUint32(8, 0xffffffff, true);
  dv.setUint8(12, 0);
  dv.setUint8(13, 1);
  return new Uint8Array(dv.buffer);
}
