"""The group's IBAN screen `/g/<id>/ibans`: whose IBAN the GiroCodes pay to, kept or removed
by a group editor (`?player=Dora` chooses the person, as the evening page links it).

A refused IBAN re-shows the form with the same person chosen and the typed IBAN, so fixing
the IBAN can never save it under somebody else.
"""

from __future__ import annotations

from flask import flash
from flask import redirect
from flask import render_template
from flask import request
from flask import url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from app.groups import bp
from app.groups.forms import IbanForm
from app.groups.rated import group_ratings
from app.groups.stats import Roster
from app.rights.phone import require_group_editor
from app.scoring.names import player_key
from app.settlement.iban import masked
from app.store.kasse import ibans
from app.store.kasse import set_iban
from app.store.models import Group
from app.web.found import group_or_404


def people(group: Group) -> list[str]:
    """Who may hold an IBAN here: the group's players, then guests who played at its tables."""
    return list(Roster(group.players, group_ratings(group).tables).names.values())


def render_ibans(group: Group, form: IbanForm, status: int = 200) -> tuple[str, int]:
    """The screen: who has an IBAN (masked) and the form."""
    kept = ibans(group)
    names = form.player.choices or []
    shown = [(n, masked(kept[player_key(n)])) for n, _label in names if player_key(n) in kept]
    return render_template("groups/ibans.html", group=group, form=form, shown=shown), status


@bp.route("/g/<id:group_id>/ibans", methods=["GET", "POST"])
def iban_screen(group_id: str) -> Response | tuple[str, int]:
    """Keep or remove a player's IBAN (group editors only); post/redirect/get."""
    group = group_or_404(group_id)
    require_group_editor(group)
    form = IbanForm(data={"player": request.args.get("player", "")})
    form.player.choices = [(name, name) for name in people(group)]
    if not form.validate_on_submit():
        return render_ibans(group, form, 400 if form.is_submitted() else 200)
    name: str = form.player.data
    set_iban(group, name, form.checked)
    if form.checked is None:
        flash(_("IBAN of %(name)s removed.", name=name), "success")
    else:
        saved = masked(form.checked)
        flash(_("IBAN for %(name)s saved: %(iban)s", name=name, iban=saved), "success")
    return redirect(url_for("groups.iban_screen", group_id=group.id, player=name))
