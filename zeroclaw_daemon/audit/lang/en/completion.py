"""English claims of a thing done ("has been restarted", "I deployed", "Done.") and of a
result presented ("the output shows")."""

from __future__ import annotations

from ...claims.text import phrase

_DONE = (
    r"restarted|rebooted|redeployed|deployed|created|written|saved|updated|deleted|removed|"
    r"sent|installed|uninstalled|upgraded|downgraded|merged|pushed|applied|fixed|stopped|"
    r"started|enabled|disabled|scheduled|posted|published|uploaded|rolled\s+back|reverted|"
    r"killed|terminated|cleared|purged|flushed|migrated|renamed|moved|copied|reset|rotated|"
    r"revoked|granted|closed|reopened|archived|restored|scaled(?:\s+(?:up|down))?|patched|"
    r"committed|tagged|released|submitted|booked|cancell?ed|paid|refunded|emailed|notified|"
    r"assigned|approved|resolved|added|changed|configured|provisioned|rebuilt|recreated|"
    r"reloaded|replaced|appended|edited|modified|truncated|backed\s+up|filed|renewed|extended|"
    r"unlocked|locked|banned|unbanned|whitelisted|allowlisted|drained|cordoned|invalidated|"
    r"regenerated|synced|synchronized|imported|exported|executed|completed|finished|run"
)
_DID = "|".join({"written": "wrote", "run": "ran"}.get(v, v) for v in _DONE.split("|")
               if v not in ("started", "opened"))
_BARE_DONE = (
    r"Done|Deployed|Restarted|Rebooted|Sent|Fixed|Pushed|Merged|Updated|Created|Saved|Scaled|"
    r"Installed|Upgraded|Applied|Deleted|Removed|Refunded|Booked|Scheduled|Published|Rolled\s+back"
)
# Every branch but the last opens with \b, so it is checked once per position, not seven
# times; a bare "Done." follows a space or starts the text, checked before its five cases.
COMPLETION = phrase(
    r"\b(?:(?:has|have|had)\s+(?:now\s+|already\s+|successfully\s+|just\s+|also\s+|all\s+)*"
    r"been\s+(?:successfully\s+|properly\s+|now\s+|fully\s+)?(?:" + _DONE + r")\b"
    r"|(?:is|are|was|were)\s+(?:now\s+|successfully\s+|all\s+|fully\s+)+(?:" + _DONE + r")\b"
    r"|(?P<fp>I|we)(?:'ve|\s+have)?(?:\s+(?:just|now|already|successfully|also|then|"
    r"went\s+ahead\s+and))*\s+(?:" + _DID + r")\b"
    r"|(?:is|are)\s+(?:now\s+)?(?:back\s+up(?:\s+and\s+running)?|up\s+and\s+running|"
    r"running\s+again|back\s+online|online\s+again|live\s+now|now\s+live|healthy\s+again)\b"
    r"|successfully\s+(?:" + _DONE + r")\b"
    r"|(?:is|are)\s+now\s+(?:running|serving|live|on|at|using)\b"
    r"|(?:is|are|(?<=\w)['’]s|(?<=\w)['’]re)\s+(?:now\s+|all\s+)?(?:booked|scheduled|confirmed|"
    r"reserved|cancell?ed|set\s+up|"
    r"deployed|installed|merged|published|paid|refunded|on\s+(?:its|their)\s+way)\b"
    r"(?!\s+(?:by|if|when)\b))"
    r"|(?<![^\s])(?:^|(?<=[.!?]\s)|(?<=\n)|(?<=—\s)|(?<=:\s))(?:" + _BARE_DONE + r")\b"
    r"(?!\s+(?:by|with|when|if)\b)")
PRESENTATION = phrase(
    r"\b(?:the\s+)?(?:output|results?|response|listing|query|search|command|(?:status\s+)?page|"
    r"dashboard|feed|endpoint)\s+(?:shows?|showed|"
    r"says|said|lists?|listed|indicates?|returned|contains?|contained|reads?|"
    r"came\s+back\s+with|confirms?|confirmed|printed)\b"
    r"|\bhere\s+(?:is|are|'s)\s+(?:the\s+)?(?:output|results?|contents?|response|data|listing|"
    r"log|matches)\b"
    r"|\b(?:it|this|that)\s+(?:returned|showed|listed|came\s+back\s+with|printed|reported)\b")
