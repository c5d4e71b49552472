"""English trigger words: the words one of which every match of each pattern holds, so a
sentence holding none is not scanned."""

from __future__ import annotations

from ...claims.counts import count_triggers
from .numbers import NUMBER_WORDS

# Words every match of each pattern holds (format in claims/gate.py).
TRIGGERS: dict[str, str] = {
    "hedge": (
        "able about attempted can* could d e example glad going happy hypothetically instance "
        "just know let like ll may might need* plan prefer propose ready recommend request "
        "running say shall should so suggest tried want will wish would"
    ),
    "negated": (
        "able can cannot could couldn did didn do don had hadn have haven neither never no "
        "nobody none not nothing wasn weren will without won yet"
    ),
    "general": (
        "average commonly default general generally historically normally often rule tend* "
        "theory thumb typically usually"
    ),
    "failure": (
        "able aborted acknowledged allowed answered approval authori* blocked can cannot code "
        "completed could couldn replied responded "
        "crashed data denied did didn error errored executed fail* finished forbidden nothing "
        "permission permitted ran refused rejected response result run status through time* "
        "timeout* unable unauthori* unavailable unknown unreachable wasn weren sent delivered "
        "with returned gave got"
    ),
    "tool_use": (
        "analy* audited browsed called calling can check checked checking compared confirmed "
        "consulted counted cross curled double downloaded dumped examined examining executed "
        "executing fetched fetching found from googled grep grepped grepping hit inspected "
        "inspecting invoked listed loaded looked looking lookup measured opened opening parsed "
        "pinged pinging polled profiled pulled* pulling queried query querying ran read reading "
        "retrieved reviewed reviewing run running scan scanned scanning search searched* "
        "searching tailed tested through traced used* verified visited"
    ),
    "attribution": (
        "according based came confirm* contain* gave gives indicate* list* mention* printed put "
        "puts read* report* returned reveale* said says show* state* turned"
    ),
    "completion": (
        "added all allowlisted appended applied approved archived assigned back backed banned "
        "been booked cancel* changed cleared closed committed completed configured confirmed "
        "copied cordoned created deleted deployed disabled done downgraded drained edited "
        "emailed enabled executed exported extended filed finished fixed flushed fully granted "
        "healthy imported installed invalidated killed live locked merged migrated modified "
        "moved notified now online paid patched posted provisioned published purged pushed ran "
        "rebooted rebuilt recreated redeployed refunded regenerated released reloaded removed "
        "renamed renewed reopened replaced reserved reset resolved restarted restored reverted "
        "revoked rolled rotated running saved scaled* scheduled sent set stopped submitted "
        "successfully synced synchronized tagged terminated truncated unbanned uninstalled "
        "unlocked updated upgraded uploaded way whitelisted wrote"
    ),
    "presentation": (
        "came command dashboard endpoint feed here listed listing output page printed query "
        "reported response result* returned search showed"
    ),
    "absence": "any anything aren clean didn doesn don empty exist find hasn haven isn "
               "locate no none nobody not nothing* see single spot there wasn weren",
    "count_pattern": count_triggers(NUMBER_WORDS),
}
