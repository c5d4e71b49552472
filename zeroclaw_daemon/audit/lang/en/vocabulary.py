"""English keyword vocabulary: function words and generic nouns, which name no subject,
and the general words a subject word also goes by."""

from __future__ import annotations

from ...claims.text import word_set

STOPWORDS = word_set("""
a an the of to in on at by for from with without into onto over under about as and or but nor
so than then that this these those there here it its is are was were be been being am do does
did done have has had having will would can could should shall may might must i me my we us
our you your he she they them their his her what which who whom whose when where why how all
any some each every no not only just also very more most less least other such own same too
again now up down out off if because while until via per after before since during between
through both either neither few many much several s t ve ll re d m let get got see saw seen
one two three four five six seven eight nine ten yes okay ok please thanks like
""")

GENERIC_WORDS = word_set("""
result results data information info details detail output outputs api apis tool tools status
latest current everything anything something things thing stuff system request response
lookup check quick first numbers number value values list it real live actual recent new
relevant records record entries entry items item lines line rows row matches match hits hit
contents content source sources report reports quickly briefly again for you already also
page pages
nothing anything something nobody none
them it's that's found just now today real-time realtime
""")

# Subject words -> other general words for the same thing, and the generic technology a
# word belongs to (git, containers, Kubernetes); no product or service names: a tool is
# known by its own metadata (audit/checks/actions.py).
SYNONYMS: dict[str, tuple[str, ...]] = {
    "forecast": ("weather",), "temperature": ("weather",), "weather": ("forecast",),
    "repository": ("repo", "git"), "repo": ("git", "repository"), "commits": ("git",),
    "commit": ("git",), "branch": ("git",), "branches": ("git",), "tags": ("git",),
    "pods": ("kubectl", "k8s", "kubernetes"), "cluster": ("kubectl", "k8s", "kubernetes"),
    "containers": ("docker",), "issues": ("issue",),
    "prs": ("pull", "pr"), "pull": ("pr", "prs"), "pr": ("pull", "prs"),
    "meetings": ("calendar", "events"),
    "meeting": ("calendar", "events"), "calendar": ("events", "schedule"),
    "dependencies": ("package", "dependency"), "packages": ("package",),
    "monitoring": ("metrics", "monitor"), "dashboard": ("metrics", "monitor"),
    "logs": ("log",), "inbox": ("email", "mail"), "mail": ("email", "inbox"),
    "emails": ("email", "mail", "inbox"), "tickets": ("ticket", "issue"),
    "stock": ("price", "quote"), "price": ("quote", "stock"), "rates": ("rate", "exchange"),
    "exchange": ("rate",), "tests": ("test",),
}
