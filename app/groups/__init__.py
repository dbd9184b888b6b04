"""The group pages (Stammtisch): list and create, view with statistics, edit link, players.

The edit link is claimed once into the session (`app.rights.phone`), off the address bar.
"""

from __future__ import annotations

from typing import NamedTuple

from flask import Blueprint
from flask import current_app
from flask import flash
from flask import redirect
from flask import render_template
from flask import request
from flask import url_for
from flask_babel import gettext as _
from markupsafe import Markup
from sqlalchemy import select
from werkzeug.wrappers import Response

from app.groups import money_words
from app.groups import page
from app.groups import rating_views
from app.groups import stats
from app.groups.evening import evening_links
from app.groups.forms import GroupForm
from app.groups.page import TableLine
from app.groups.rated import group_record
from app.ratings.ledger import GroupRatings
from app.rights.editlinks import grant_group
from app.rights.phone import device_group_ids
from app.rights.phone import group_token
from app.rights.phone import remember_group
from app.rights.phone import require_group_editor
from app.store.db import db
from app.store.models import Group
from app.web.headers import group_edit_url
from app.web.headers import mark_edit_link
from app.web.headers import offline_copy
from app.web.navigation import current_lang

bp = Blueprint("groups", __name__)
TABLES_SHOWN = 50
KEPT_STATISTICS = 256  # groups × languages whose statistics stay in memory
EVENINGS_SHOWN = 12  # the newest; a group of years has hundreds, all on request


class Statistics(NamedTuple):
    """What the group page shows of its tables (in one language)."""

    lines: list[TableLine]
    tables_total: int
    running: list[TableLine]
    boards: dict[str, list[stats.LeaderRow]]
    balances: list[stats.Balance]
    wins_chart: Markup | None
    money_chart: Markup | None
    ratings: list[rating_views.RatingBoard]


def statistics(group: Group, show_all: bool, rated: GroupRatings) -> Statistics:
    """The group's statistics as of now, from the record of its tables and their ratings:
    made once per state of the record (a change makes a new `rated`, app.groups.rated) and
    language, so the phones looking after a round share one."""
    kept: dict[tuple[str, str, bool], tuple[GroupRatings, Statistics]]
    kept = current_app.extensions.setdefault("group_statistics", {})
    key = (group.id, current_lang(), show_all)
    found = kept.get(key)
    if found is not None and found[0] is rated:
        return found[1]
    if len(kept) >= KEPT_STATISTICS:  # a bound, not a policy: the next looks make them anew
        kept.clear()
    made = statistics_of(group, show_all, rated)
    kept[key] = (rated, made)
    return made


def statistics_of(group: Group, show_all: bool, rated: GroupRatings) -> Statistics:
    """The group's statistics from the record of its tables and their ratings."""
    tables = rated.tables
    # A group of years has hundreds of tables: the list shows the newest, all on request.
    shown = tables if show_all else tables[-TABLES_SHOWN:]
    return Statistics(
        lines=[page.table_line(t) for t in reversed(shown)],
        tables_total=len(tables),
        running=[page.table_line(t) for t in reversed(shown) if not t.finished],
        boards=stats.leaderboards(tables),
        balances=stats.money_balance(tables, group.players),
        wins_chart=page.wins_chart(tables),
        money_chart=page.money_chart(tables),
        ratings=rating_views.rating_boards(rated),
    )


def render_index(form: GroupForm, status: int = 200) -> tuple[str, int]:
    """The list of this device's groups with the form for a new one."""
    ids = device_group_ids()
    found = {g.id: g for g in db.session.scalars(select(Group).where(Group.id.in_(ids)))}
    groups = [found[i] for i in ids if i in found]
    return render_template("groups/index.html", form=form, groups=groups), status


@bp.get("/groups")
def index() -> tuple[str, int]:
    """This device's groups and a new one."""
    return render_index(GroupForm())


@bp.post("/groups/new")
def new() -> Response | tuple[str, int]:
    """Create a group; this device gets its edit token."""
    form = GroupForm()
    if not form.validate_on_submit():
        return render_index(form, 400)
    name, players = form.cleaned
    group = Group(name=name, players=players)
    token = group.set_edit_token()
    db.session.add(group)
    db.session.commit()
    remember_group(group.id, token)
    flash(
        _("Group created. Keep its edit link (below) to change it from another phone."), "success"
    )
    return redirect(url_for("groups.view", group_id=group.id))


@bp.get("/g/<id:group_id>")
def view(group_id: str) -> tuple[str, int]:
    """The group: its tables, leaderboards per variant, money balance, charts, links."""
    group = db.get_or_404(Group, group_id, description=_("There is no group with this link."))
    remember_group(group.id)
    return render_group(group)


def render_group(
    group: Group, errors: dict[str, str] | None = None, status: int = 200
) -> tuple[str, int]:
    """The group page (400 when a sent form, the pot's payout, is shown again with its error)."""
    token = group_token(group)
    rated, newest = group_record(group)
    shown = statistics(group, request.args.get("tables") == "all", rated)
    nights = evening_links(rated.tables)
    months = {night.month_key: night.date for night in nights}  # newest first
    return render_template(
        "groups/view.html",
        errors=errors or {},
        group=group,
        **shown._asdict(),
        edit_url=edit_link(group, token),
        page=page,
        evenings=nights if request.args.get("evenings") == "all" else nights[:EVENINGS_SHOWN],
        evenings_total=len(nights),
        months=months,
        tonight=tonight.tonight_card(group, rated, newest),
        season=season.season_card(group, rated, request.args.get("saison")),
        season_view=season,
        words=money_words,
        pot=money_words.pot_of(group),
        today=joining.tables_of_today() if token is not None else [],
    ), status


def edit_link(group: Group, token: str | None) -> str | None:
    """The full edit link for a group editor to pass on, None for a viewer and offline copies."""
    if token is None or offline_copy():
        return None
    mark_edit_link()
    return group_edit_url(group.id, token)


@bp.get("/g/<id:group_id>/edit/<token>")
def claim(group_id: str, token: str) -> Response:
    """Open the edit link: remember the token on this device, then show the group."""
    group = db.get_or_404(Group, group_id, description=_("There is no group with this link."))
    return grant_group(group, token)


@bp.route("/g/<id:group_id>/players", methods=["GET", "POST"])
def players(group_id: str) -> Response | tuple[str, int]:
    """Change the group's name and players (group editors only)."""
    group = db.get_or_404(Group, group_id, description=_("There is no group with this link."))
    require_group_editor(group)
    form = GroupForm(data={"name": group.name, "players": "\n".join(group.players)})
    if not form.validate_on_submit():
        status = 400 if form.is_submitted() else 200
        return render_template("groups/players.html", form=form, group=group), status
    group.name, group.players = form.cleaned
    db.session.commit()
    flash(_("Saved."), "success")
    return redirect(url_for("groups.view", group_id=group.id))


from app.groups import delete  # noqa: E402,F401  (group delete/restore views register on bp)
from app.groups import evening_actions  # noqa: E402,F401  (payments, GiroCodes)
from app.groups import evening_page  # noqa: E402,F401  (the evening and its Kassensturz)
from app.groups import evening_share  # noqa: E402,F401  (titles, picture and PDF)
from app.groups import ibans  # noqa: E402,F401  (the IBAN screen)
from app.groups import joining  # noqa: E402  (adding this phone's tables of today)
from app.groups import live  # noqa: E402,F401  (the group's event stream without a push server)
from app.groups import player  # noqa: E402,F401  (the player page registers on bp)
from app.groups import pot  # noqa: E402,F401  (paying out of the pot)
from app.groups import season  # noqa: E402  (the season table and the season start)
from app.groups import tonight  # noqa: E402  (the "Heute Abend" card)
