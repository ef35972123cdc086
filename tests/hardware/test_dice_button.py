"""The GPIO dice button on gpiozero's mock pins: one roll per press, LED and buzzer, pins."""

import pytest

from companion.dice import DiceService
from companion.errors import UserFacingError
from companion.journal import Journal
from hardware.dice_button import DiceButton, GPIOUnavailable


@pytest.fixture
def journal():
    with Journal(":memory:") as journal:
        yield journal


@pytest.fixture
def dice(journal):
    return DiceService(journal)


@pytest.fixture
def button(dice, mock_pin_factory, fake_clock):
    with DiceButton(dice, pin_factory=mock_pin_factory, clock=fake_clock) as button:
        yield button


def rolls(journal):
    return journal.events(kind="dice.roll")


def press(pin, clock, hold=0.15, gap=0.15):
    """A clean press: down, held ``hold`` s, up, then ``gap`` s before anything else."""
    pin.drive_low()
    clock.advance(hold)
    pin.drive_high()
    clock.advance(gap)


def bouncy(pin, clock, settle, edges=5, step=0.002):
    """A contact bouncing: ``edges`` (odd) edges ``step`` s apart, settling ``settle``."""
    assert edges % 2 == 1
    first, other = (pin.drive_low, pin.drive_high) if settle == "low" else (
        pin.drive_high, pin.drive_low)
    for i in range(edges):
        (first if i % 2 == 0 else other)()
        clock.advance(step)


def test_one_clean_press_rolls_once_as_the_button(button, mock_pin_factory, fake_clock, journal):
    press(mock_pin_factory.pin(17), fake_clock)
    (event,) = rolls(journal)
    assert event.actor == "button" and event.data["count"] == 1 and event.data["sides"] == 6


def test_holding_the_button_down_rolls_once(button, mock_pin_factory, fake_clock, journal):
    pin = mock_pin_factory.pin(17)
    pin.drive_low()
    for _ in range(50):
        fake_clock.advance(0.1)
        pin.drive_low()
    pin.drive_high()
    assert len(rolls(journal)) == 1


def test_contact_bounce_on_press_and_release_rolls_once_per_press(button, mock_pin_factory,
                                                                   fake_clock, journal):
    pin = mock_pin_factory.pin(17)
    for presses in range(1, 4):
        bouncy(pin, fake_clock, "low", edges=7)
        fake_clock.advance(0.12)
        bouncy(pin, fake_clock, "high", edges=7)
        fake_clock.advance(0.2)
        assert len(rolls(journal)) == presses
    assert button.ignored_edges > 0


def test_bounce_on_release_is_not_a_new_press(button, mock_pin_factory, fake_clock, journal):
    pin = mock_pin_factory.pin(17)
    pin.drive_low()
    fake_clock.advance(0.1)
    for _ in range(4):  # up, down, up, down, ... within a few ms of letting go
        pin.drive_high()
        fake_clock.advance(0.001)
        pin.drive_low()
        fake_clock.advance(0.001)
    pin.drive_high()
    assert len(rolls(journal)) == 1


def test_a_child_hammering_gets_one_roll_per_real_press(button, mock_pin_factory, fake_clock,
                                                        journal):
    pin = mock_pin_factory.pin(17)
    for _ in range(40):
        press(pin, fake_clock, hold=0.04, gap=0.04)
    assert len(rolls(journal)) == 40
    assert button.ignored_edges == 0


def test_hammering_with_bouncy_contacts_still_one_roll_per_press(button, mock_pin_factory,
                                                                  fake_clock, journal):
    pin = mock_pin_factory.pin(17)
    for _ in range(25):
        bouncy(pin, fake_clock, "low", edges=5, step=0.003)
        fake_clock.advance(0.05)
        bouncy(pin, fake_clock, "high", edges=3, step=0.003)
        fake_clock.advance(0.05)
    assert len(rolls(journal)) == 25


def test_a_press_rolls_the_pending_request_then_the_default(button, mock_pin_factory, fake_clock,
                                                             dice, journal):
    dice.request(2, 6, purpose="attack", for_whom="alice")
    pin = mock_pin_factory.pin(17)
    press(pin, fake_clock)
    press(pin, fake_clock)
    first, second = rolls(journal)
    assert (first.data["count"], first.data["purpose"], first.data["for_whom"]) == (
        2, "attack", "alice")
    assert (second.data["count"], second.data["purpose"]) == (1, "")
    assert dice.pending() is None


def test_led_and_buzzer_are_on_after_a_roll_and_off_afterwards(dice, mock_pin_factory, fake_clock):
    with DiceButton(dice, pin_factory=mock_pin_factory, clock=fake_clock, led_pin=27, buzzer_pin=22,
                    signal_seconds=0.01) as button:
        led, buzzer = mock_pin_factory.pin(27), mock_pin_factory.pin(22)
        assert not led.state and not buzzer.state
        mock_pin_factory.pin(17).drive_low()
        assert led.state and buzzer.state
        assert button.wait_signal_done(timeout=5)
        assert not led.state and not buzzer.state
        mock_pin_factory.pin(17).drive_high()
        assert [s.state for s in led.states] == [False, True, False]


def test_close_turns_the_signal_off_and_frees_the_pins(dice, mock_pin_factory, fake_clock):
    button = DiceButton(dice, pin_factory=mock_pin_factory, clock=fake_clock, led_pin=27,
                        signal_seconds=60)
    mock_pin_factory.pin(17).drive_low()
    mock_pin_factory.pin(17).drive_high()
    assert mock_pin_factory.pin(27).state
    button.close()
    button.close()
    assert not mock_pin_factory.pin(27).state
    again = DiceButton(dice, pin_factory=mock_pin_factory, clock=fake_clock, led_pin=27)
    again.close()


def test_pins_are_configurable(dice, mock_pin_factory, fake_clock, journal):
    with DiceButton(dice, pin="GPIO5", led_pin="BOARD13", pin_factory=mock_pin_factory,
                    clock=fake_clock, requested_by="table button"):
        press(mock_pin_factory.pin(17), fake_clock)
        assert rolls(journal) == []
        mock_pin_factory.pin(5).drive_low()
        assert mock_pin_factory.pin(27).state  # BOARD13 is GPIO27
        mock_pin_factory.pin(5).drive_high()
    (event,) = rolls(journal)
    assert event.actor == "table button"


def test_a_pin_in_use_or_unknown_is_a_clear_error(dice, mock_pin_factory):
    with DiceButton(dice, pin_factory=mock_pin_factory):
        with pytest.raises(UserFacingError, match="cannot be used"):
            DiceButton(dice, pin=17, pin_factory=mock_pin_factory)
    with pytest.raises(UserFacingError, match="choose other pins"):
        DiceButton(dice, pin=99, pin_factory=mock_pin_factory)
    with pytest.raises(UserFacingError, match="cannot be used"):
        DiceButton(dice, pin=17, led_pin=17, pin_factory=mock_pin_factory)


def test_a_failed_roll_does_not_break_the_button(mock_pin_factory, fake_clock, caplog):
    journal = Journal(":memory:")
    dice = DiceService(journal)
    with DiceButton(dice, pin_factory=mock_pin_factory, clock=fake_clock):
        journal.close()
        press(mock_pin_factory.pin(17), fake_clock)
        assert "roll failed" in caplog.text


def test_without_gpio_the_error_says_how_to_go_on(dice, monkeypatch):
    from gpiozero import Device

    monkeypatch.delenv("GPIOZERO_PIN_FACTORY", raising=False)
    monkeypatch.setattr(Device, "pin_factory", None)

    def no_factory():
        from gpiozero.exc import BadPinFactory

        raise BadPinFactory("Unable to load any default pin factory!")

    monkeypatch.setattr(Device, "_default_pin_factory", staticmethod(no_factory))
    with pytest.raises(GPIOUnavailable) as caught:
        DiceButton(dice)
    message = str(caught.value)
    assert "not a Raspberry Pi" in message and "companion roll" in message
    assert isinstance(caught.value, UserFacingError)
