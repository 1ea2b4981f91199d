"""Soccer!! on a coach's phone (390 x 844, touch), in Chromium: the real daemon publishing to a real Mosquitto,
its coaches' desk behind the real page server (docs/coach.md), and the page in a coach's view: lines go in by
`POST coach/input` with the team's code, the team's own view by `POST coach/view`."""
from __future__ import annotations

import pytest

from simulator.bench.waits import wait_for
from tests.web.test_soccer_page import SETUP, Thumb, chip, phone, send, sent_and_painted
from tests.web.web_helpers import BoardPublisher, InProcessDaemon, live_url, wait_connected

__all__ = ["phone"]         # the phone-sized page of the console's tests, a fixture here too



@pytest.fixture
def coached(web_broker, board, tmp_path, phone):
    """The real daemon (publishing to the broker) with its coaches' desk behind a page server, set up for
    Soccer!! with the standard rosters; the phone opens the page there in Red's coach's view."""
    from controller.daemon.coach_desk import CoachDesk
    from controller.web.server import WebServer
    d = InProcessDaemon(web_broker.port, board, tmp_path / "journal")
    desk = CoachDesk(d.daemon, tmp_path / "journal")
    d.start()
    web = WebServer("127.0.0.1", 0, {"ws_port": web_broker.ws_port, "sim": False}, coach=desk).start()
    d.put({**SETUP, "rosters": "standard"})
    d.settle()
    wait_for(desk.codes, 10, "the match's codes")
    phone.goto(live_url(web.url, board, coach="red"))
    wait_connected(phone)
    phone.wait_for_selector("#soccer")
    yield d, desk
    web.stop()
    d.stop()
    BoardPublisher(web_broker.port, board).clear()


def test_a_coach_enters_its_teams_lines_with_its_code_and_sees_its_hidden_levels(coached, phone):
    d, desk = coached
    page = phone
    assert page.evaluate("document.body.dataset.soccerRole") == "coach:red"
    page.wait_for_selector("#sc-code-row:not([hidden])")
    thumb = Thumb(page)

    # a wrong code: the page server refuses the line, the page says so, nothing changes
    page.fill("#sc-code", "ABCD-EFGH")
    page.dispatch_event("#sc-code", "change")
    thumb.tap(chip("kick_off", "from", "red-9"))
    thumb.tap(chip("kick_off", "to", "red-10"))
    seq = d.seq
    thumb.tap(send("kick_off"))
    page.wait_for_selector("#sc-refusal:not([hidden])")
    assert d.seq == seq

    # red's code: the kick-off, a move and the end of the phase go in; red's hidden levels show, blue's do not
    page.fill("#sc-code", desk.codes()["red"])               # its change comes as the next tap takes the focus
    thumb.tap(chip("kick_off", "from", "red-9"))
    thumb.tap(chip("kick_off", "to", "red-10"))
    sent_and_painted(thumb, send("kick_off"))
    thumb.tap(chip("move", "model", "red-7"))
    thumb.tap(chip("move", "cm", "10"))
    sent_and_painted(thumb, send("move"))
    sent_and_painted(thumb, send("end_phase"))
    page.wait_for_function("() => /Blue/.test(document.querySelector('#sc-awaiting').textContent)")
    assert page.locator("#sc-models-red tr[data-model='red-10'] .sc-private").inner_text().strip() == \
        "[P2 S2 H2 INT2 A2 PC1 Team Captain]"
    assert page.locator("#sc-models-blue .sc-private").count() == 0
    assert page.locator("#soccer button.sc-chip[data-key='model'][data-team='blue']").count() == 0
    assert page.locator("#soccer .sc-face").count() == 0                # no dice due to red
    assert page.errors == []
