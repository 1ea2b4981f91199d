# Soccerboard bridge protocol constants, shared by the host (CPython) and the
# reference firmware (MicroPython on an RP2040). Plain integers only, so the file
# runs unchanged on both; firmware_bridge/README.md documents every message.
# Bump PROTOCOL_VERSION on any incompatible change to a message layout.

PROTOCOL_VERSION = 2  # v2: OCC_DELTA events, RESYNC flags + boot id, changes settled on the board

# Board geometry announced in HELLO (the host refuses any other), the token bits and the settle window.
# --- board vocabulary, generated from hal/board.py by `python -m hal.board`: do not edit ---
FILES = 8
RANKS = 16
CHANNELS = 3  # bits of an occupancy mask: red 1, blue 2, ball 4
RED_BIT = 1
BLUE_BIT = 2
BALL_BIT = 4
SQUARES = 128
LED_BYTES = 384
SETTLE_MS = 50  # a change is reported once it has stayed this long
# --- end of board vocabulary ---

# Frame layout: COBS(type u8, seq u8, payload..., crc16 big-endian) followed by 0x00.
HEADER_LEN = 2
CRC_LEN = 2
MIN_BODY = HEADER_LEN + CRC_LEN
MAX_PAYLOAD = 400
MAX_BODY = HEADER_LEN + MAX_PAYLOAD + CRC_LEN
MAX_ENCODED = MAX_BODY + MAX_BODY // 254 + 2

# Device -> host
MSG_HELLO = 0x01  # version u8, files u8, ranks u8, channels u8, boot_id u32, next_ack u16, fw_id utf-8
MSG_HEARTBEAT = 0x02  # uptime_ms u32
MSG_SNAPSHOT = 0x03  # next_event u16, 128 masks: the periodic / resync full frame
MSG_LED_ACK = 0x04  # led frame_id u16
MSG_OCC_CHANGE = 0x10  # event_id u16, 128 masks
MSG_DIE_ROLL = 0x11  # event_id u16, die_uid u32, face u8
MSG_DIE_STATUS = 0x12  # event_id u16, die_uid u32, status u8
MSG_BUTTON = 0x13  # event_id u16, button u8
MSG_OCC_DELTA = 0x14  # event_id u16, count u8, count x (square u8, mask u8): changed squares only

# Host -> device
MSG_HOST_HELLO = 0x81  # version u8
MSG_HOST_HEARTBEAT = 0x82  # (empty)
MSG_RESYNC = 0x83  # flags u8, boot_id u32 (of the HELLO the Pi accepted): retransmit the outbox now
MSG_EVENT_ACK = 0x84  # event_id u16: every event up to and including this one arrived
MSG_LED_FRAME = 0x85  # frame_id u16, 384 bytes r,g,b per square in square order
MSG_BUZZ = 0x86  # duration_ms u16, frequency_hz u16

# Reliable, ordered events (go-back-N with cumulative acks).
EVENT_TYPES = (MSG_OCC_CHANGE, MSG_DIE_ROLL, MSG_DIE_STATUS, MSG_BUTTON, MSG_OCC_DELTA)

# RESYNC flags. FULL: the host has no base for deltas (it just started, or the board rebooted):
# the board sends its first unacknowledged occupancy event as a full OCC_CHANGE, or if there is
# none, makes its next occupancy event a full one. SNAPSHOT: send a SNAPSHOT too (after HELLO;
# not after a lost frame, so that recovering from noise costs only the outbox, not 130 bytes).
RESYNC_FULL = 0x01
RESYNC_SNAPSHOT = 0x02

DIE_OK = 0
DIE_CROOKED = 1
DIE_DISCONNECTED = 2
DIE_STATUS_NAMES = ("ok", "crooked", "disconnected")

BUTTON_CONFIRM = 0
BUTTON_DECLINE = 1
BUTTON_NAMES = ("confirm", "decline")

# Timing (milliseconds)
HEARTBEAT_MS = 500
SNAPSHOT_MS = 1000
RETRANSMIT_MS = 200
LINK_TIMEOUT_MS = 2000
DIE_TIMEOUT_MS = 3000
OUTBOX_MAX = 64
