"""English verbs of action, by class, with their written forms worked out here: the lemmas
of each action class (language-independent ids shared by every pack and by the tools'
metadata), the verbs read only in tools' names or only in replies, and the verbs that only
observe."""

from __future__ import annotations

from collections.abc import Callable

# class -> lemmas (a lemma of two words is a phrasal verb: "roll back").
ACTION_CLASSES: dict[str, str] = {
    "restart": "restart reboot bounce reload recycle cycle powercycle",
    "start": "start launch boot resume unpause trigger rerun",
    # "recall" units (robots, vehicles, a batch) takes them out of service.
    "stop": "stop kill terminate halt shutdown pause suspend recall",
    "deploy": "deploy ship release rollout promote publish",
    "push": "push upload sync",
    "rollback": "rollback revert undo downgrade restore",
    "delete": ("delete remove rm del drop purge clear flush wipe clean prune erase truncate "
               "evict invalidate destroy unlink"),
    # To raise a ticket, a fault, a PO, an invoice: to open one.
    "create": ("create add insert provision register init book schedule reserve invite place "
               "record raise"),
    # To reschedule or rebook moves a booking to another date ("move" does too).
    "update": ("update upsert edit modify change patch fix configure rename move mv transition "
               "allocate reallocate assign reassign mark label tag bump flag unflag archive "
               "unarchive reschedule rebook"),
    "scale": "scale resize",
    "install": "install upgrade",
    "apply": "apply migrate",
    "merge": "merge commit rebase",
    # "serve" of papers: to deliver them to a party ("served on opposing counsel"). To
    # submit (a filing, a form, to an authority) is not to send to a recipient: a result's
    # "submitted" shows no copy mailed to anyone.
    "send": ("send email mail message reply respond notify text forward post page serve "
             "dispatch"),
    "submit": "submit",
    "acknowledge": "acknowledge ack resolve close snooze silence mute dismiss reopen escalate",
    "refund": "refund",
    "pay": "pay charge transfer cancel void credit debit disburse",
    "grant": ("grant revoke approve reject decline deny allow block ban unban lock unlock enable "
              "disable whitelist allowlist activate deactivate freeze unfreeze"),
    "write": "save store cp backup import",
    "build": "build rebuild",
    "rotate": "rotate renew regenerate reset",
    "drain": "drain cordon uncordon",
    "print": "print reprint",
}
_PHRASAL = {"roll back": "rollback", "clean up": "delete", "shut down": "stop",
            "spin up": "start", "spin down": "stop", "take down": "stop", "back up": "write",
            "scale up": "scale", "scale down": "scale", "roll out": "deploy",
            "tear down": "delete", "wipe out": "delete", "set up": "create",
            "kick off": "start"}
_IRREGULAR = {"send": ("sent",), "kick": ("kicked",), "pay": ("paid",), "cut": ("cut",),
              "make": ("made",), "write": ("wrote", "written"),
              "set": ("set",), "reset": ("reset",), "build": ("built",),
              "rebuild": ("rebuilt",), "undo": ("undid", "undone"), "shut": ("shut",),
              "take": ("took", "taken"), "spin": ("spun",), "tear": ("tore", "torn"),
              "forward": ("forwarded",), "shutdown": ("shut down",)}
# Verbs an assistant also uses of its own text ("I wrote a summary", "I compiled a list",
# "I made a table", "I set the range to 24 h") are left out: they say nothing of a tool.
# Those verbs in a tool's name or command are actions all the same ("set_status").
TOOL_ONLY_VERBS = {"set": "update", "put": "write", "write": "write", "copy": "write",
                   "export": "write", "compile": "build", "generate": "create", "make": "build"}
# Verbs of acts read in replies only: as the first word of a tool's name they name what
# it holds ("file_search" searches files, "orders.list" lists orders), not what it does
# ("I filed the motion", "Ordered: 4 skins").
REPLY_ONLY_VERBS = {"file": "submit", "inform": "send", "order": "create", "reorder": "create"}
# Their participles in the passive voice say the state a tool action leaves ("the new
# target is set on the controller", "the file has been written"): read as state claims.
STATE_PARTICIPLES = {"set": "update", "written": "write", "copied": "write",
                     "exported": "write", "generated": "create"}
# Verbs that only observe: a call whose first verb is one of these changed nothing; nor
# did one named by an adjective of availability ("available_slots"): it lists what may
# be booked.
READ_LEMMAS = (
    "detail details get list ls show describe history status info log logs cat diff plan search "
    "find query "
    "select view top inspect read fetch check lookup look watch tail grep count aggregate "
    "explain blame stat head ping validate verify preview dry-run dryrun browse scan "
    "download curl summarize summary report metrics available availability vacancy vacancies "
    "readings catalog catalogue slots openings")

_VOWELS = "aeiou"


def inflections(lemma: str) -> set[str]:
    """The written forms of an English verb: lemma, -s, -ed, -ing (with the usual
    spelling changes) and irregular past forms."""
    head, _, tail = lemma.partition(" ")
    rest = f" {tail}" if tail else ""
    forms = {head, head + "s", head + "es"}
    if head.endswith("e"):
        forms |= {head + "d", head[:-1] + "ing"}
    elif head.endswith("y") and len(head) > 2 and head[-2] not in _VOWELS:
        forms |= {head[:-1] + "ied", head[:-1] + "ies", head + "ing"}
    else:
        forms |= {head + "ed", head + "ing"}
        if (len(head) >= 3 and head[-1] not in _VOWELS + "wxy" and head[-2] in _VOWELS
                and head[-3] not in _VOWELS):
            forms |= {head + head[-1] + "ed", head + head[-1] + "ing"}   # stopped, tagged
    forms.update(_IRREGULAR.get(head, ()))
    return {f + rest for f in forms}


def past_forms(lemma: str) -> set[str]:
    """The forms that say it was done: "restarted", "sent", "rolled back"."""
    head, _, tail = lemma.partition(" ")
    rest = f" {tail}" if tail else ""
    irregular = _IRREGULAR.get(head)
    if irregular is not None:
        return {f + rest for f in irregular}
    return {f + rest for f in inflections(head) if f.endswith("ed")}


def verb_table(forms_of: Callable[[str], set[str]], replies: bool = True) -> dict[str, str]:
    """Forms of every lemma; ``replies``: also of the verbs read only in replies."""
    table: dict[str, str] = {}
    lemmas = [(lemma, c) for c, words in ACTION_CLASSES.items() for lemma in words.split()]
    extra = list(REPLY_ONLY_VERBS.items()) if replies else []
    for lemma, action_class in [*lemmas, *_PHRASAL.items(), *extra]:
        for form in forms_of(lemma):
            table.setdefault(form, action_class)
    return table


READ_VERBS = frozenset(f for lemma in READ_LEMMAS.split() for f in inflections(lemma))
# The nouns among them: before an action verb in a tool's name, its object.
READ_NOUNS = frozenset(("detail", "details", "status", "info", "history", "log", "logs", "plan",
                        "readings",
                        "report", "reports", "summary", "metrics", "availability", "catalog",
                        "catalogue", "slots", "openings", "stock", "inventory", "calendar",
                        "balance", "roster", "usage", "overview",
                        # nouns of a collection in the singular
                        "queue", "backlog", "feed", "ledger", "table", "index", "directory",
                        "map", "board", "chart", "manifest", "timetable", "agenda"))
# Nouns of a document of entries that are verbs too: a tool named "<noun>_schedule" holds
# a schedule ("delivery_schedule", "vet_patient_record", "attendance_register").
DOCUMENT_NOUNS = frozenset(("schedule", "record", "register"))
