"""The questions Mau-Mau tables argue about most, each decided by a house rule
(app.engine.disputes; the referee opens them with one tap)."""

from __future__ import annotations

from app.engine.disputes import Dispute
from app.text import Message

DISPUTES = (
    Dispute("jack-on-jack", Message("Jack on jack"), "top=HJ wish=S", "SJ wish=H"),
    Dispute("seven-on-seven", Message("Seven on seven"), "top=H7 draw=2", "S7"),
    Dispute("nine-reverse", Message("Does the nine reverse?"), "top=H8", "H9"),
    Dispute("ace-again", Message("Ace: one more card?"), "top=HK hand=HA,H8,C7", "HA"),
    Dispute("jack-last", Message("Jack as last card"), "top=H8 hand=CJ", "CJ wish=H"),
    Dispute(
        "drawn-card", Message("Play the card just drawn?"), "top=H9 hand=H7,C8 drew=true", "H7"
    ),
)
