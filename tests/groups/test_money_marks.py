"""Open and paid on the evening page differ in words and colour, readable in a dim pub (WCAG AA
contrast in the light and the dark scheme), and a paid transfer offers no GiroCode.

The evening is test_groups_api's: Anna +90, Ben +40, Cem −20, Dora −40, Emil −70; its
transfers by hand: Emil → Anna 70, Cem → Anna 20, Dora → Ben 40.
"""

from __future__ import annotations

import colorsys
import re
from pathlib import Path

from flask.testing import FlaskClient

from tests.api.test_groups_api import found_date
from tests.api.test_groups_api import the_evening
from tests.api.test_payments_api import pay

CSS = Path(__file__).resolve().parents[2] / "static" / "css"


def variables(scheme: str) -> dict[str, str]:
    """The colour variables of base.css: the light `:root`, or the dark one laid over it."""
    text = (CSS / "base.css").read_text()
    light = dict(re.findall(r"--([\w-]+):\s*(#[0-9a-f]{6})", text.split("@media")[0]))
    if scheme == "light":
        return light
    dark_block = text.split("prefers-color-scheme: dark")[1].split("}\n}")[0]
    return {**light, **dict(re.findall(r"--([\w-]+):\s*(#[0-9a-f]{6})", dark_block))}


def rule_colours(selector: str) -> dict[str, str]:
    """The variables a rule of groups.css takes its `background` and `color` from."""
    text = (CSS / "groups.css").read_text()
    body = re.search(re.escape(selector) + r"\s*\{([^}]*)\}", text)
    assert body is not None, selector
    return dict(re.findall(r"(background|color|border):[^;]*?var\(--([\w-]+)\)", body.group(1)))


def luminance(colour: str) -> float:
    """The relative luminance of a #rrggbb colour (WCAG 2)."""
    channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a: str, b: str) -> float:
    """The WCAG contrast ratio of two colours."""
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def hue(colour: str) -> float:
    """The hue in degrees."""
    r, g, b = (int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5))
    return colorsys.rgb_to_hls(r, g, b)[0] * 360


def test_open_and_paid_badges_differ_in_colour_and_read_well_in_both_schemes() -> None:
    """ "offen" is filled in another hue than the green of "bezahlt" (over 60° apart); each
    reads with at least 4.5:1 on its background."""
    open_rule = rule_colours(".badge-open")
    paid_rule = rule_colours(".badge-paid")
    for scheme in ("light", "dark"):
        colours = variables(scheme)
        open_bg, open_fg = colours[open_rule["background"]], colours[open_rule["color"]]
        paid_fg = colours[paid_rule["color"]]
        assert contrast(open_bg, open_fg) >= 4.5, scheme
        assert contrast(paid_fg, colours["card"]) >= 4.5, scheme
        apart = abs(hue(open_bg) - hue(paid_fg))
        assert min(apart, 360 - apart) > 60, (scheme, open_bg, paid_fg)


def test_open_and_paid_say_so_and_a_paid_transfer_has_no_girocode(client: FlaskClient) -> None:
    """With IBANs for Anna and Ben, the open transfers offer GiroCodes; Emil's 70 to Anna,
    paid, is listed as "bezahlt" without one, the others stay "offen"."""
    group, _tables = the_evening(client)
    day = found_date(client, group)
    for player, iban in (("Anna", "DE89370400440532013000"), ("Ben", "DE02120300000000202051")):
        kept = client.put(
            f"/api/v1/groups/{group['id']}/ibans",
            json={"player": player, "iban": iban},
            headers={"X-Group-Token": group["edit_token"]},
        )
        assert kept.status_code == 200
    pay(client, group, "Emil", "Anna", 70, {"evening": day})
    text = client.get(f"/g/{group['id']}/abend/{day}?lang=de").get_data(as_text=True)
    still_open = text.split('aria-label="Offene Überweisungen"')[1].split("</ul>")[0]
    paid = text.split('aria-label="Bezahlt"')[1].split("</ul>")[0]
    assert still_open.count(">offen<") == 2 and still_open.count('<details class="girocode">') == 2
    assert paid.count(">bezahlt<") == 1 and "Emil" in paid and "girocode" not in paid


def test_the_month_and_the_running_account_speak_of_themselves(client: FlaskClient) -> None:
    """Headings, title, buttons and the share card of a month and of "offen" name the month or
    the running account, never "the evening", in German and English."""
    group, _tables = the_evening(client)
    day = found_date(client, group)
    client.get(f"/g/{group['id']}/edit/{group['edit_token']}")
    for key, german, english in (
        (day[:7], "Den Monat teilen", "Share the month"),
        ("offen", "Das offene Konto teilen", "Share the running account"),
    ):
        de = client.get(f"/g/{group['id']}/abend/{key}?lang=de").get_data(as_text=True)
        en = client.get(f"/g/{group['id']}/abend/{key}?lang=en").get_data(as_text=True)
        assert german in de and english in en
        assert "Abend teilen" not in de and "Abends" not in de and "Abend vom" not in de
        assert "the evening" not in en.lower() and "evening of" not in en.lower()
