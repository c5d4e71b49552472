"""English claim tables."""

from __future__ import annotations

import re

from ...claims.counts import LatinCountRules, count_triggers, number_words_pattern
from ...claims.pack import build_pack
from ...claims.text import phrase, word_set
from .absence import ABSENCE as ABSENCE
from .absence import ANSWER_ABSENCE as ANSWER_ABSENCE
from .absence import DENIAL as DENIAL
from .absence import THRESHOLD_ABSENCE as THRESHOLD_ABSENCE
from .absence import THRESHOLD_BOUND as THRESHOLD_BOUND
from .absence import THRESHOLD_SIDES as THRESHOLD_SIDES
from .actions import ACTIONS
from .observation import ATTRIBUTION, TOOL_USE
from .states import STATES as STATES

_UNITS = {"zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
          "seven": 7, "eight": 8, "nine": 9}
_TEENS = {"ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14,
          "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19}
_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70,
         "eighty": 80, "ninety": 90}
NUMBER_WORDS: dict[str, int] = {**_UNITS, **_TEENS, **_TENS, "hundred": 100, "dozen": 12,
                                "a dozen": 12}
NUMBER_WORDS.update({f"{tens}-{unit}": tv + uv for tens, tv in _TENS.items()
                     for unit, uv in _UNITS.items() if uv})

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

# Sentence ends: after . ! ? (and closing quotes), or at a line break. Both patterns open
# with the character class of their first character, which lets ``sre`` skip ahead to
# the candidates instead of trying every position of a long reply.
SENTENCE_END = phrase(r"[.!?\n](?:(?<=[.!?])[\"')\]]*(?:\s+|$)|(?<=\n)\s*)")
CLAUSE_BREAK = phrase(
    r"[,;:\s](?:(?<=,)\s+|(?<=;)\s*|(?<=:)\s+|(?<=\s)\s*[-–—]+\s+|(?<=\s)\s*(?=(?:but|"
    r"although|though|however|whereas|while|yet|so\s+(?!far\b)|except)\b))")
QUESTION = phrase(r"\?\s*[\"')\]]*\s*$")
# "If you mean the bonsai, it is 119 EUR" conditions on what the reader means, not on the
# facts: its main clause states the facts of the item meant (not a conditional).
CONDITIONAL = phrase(r"\s*(?:if(?!\s+you(?:\s+are|'re)?\s+(?:mean|meant|referring))|unless|"
                         r"in\s+case|suppose|supposing|assuming|whether|"
                         r"once|when\s+you|should\s+you|or\s+else|"
                         r"without\s+(?:that|this|it|them|those|these))\b")
HEDGE = phrase(
    r"\b(?:I|we)\s+(?:can(?!\s+see\s+(?:in|on|from)\b)|could|would|will|might|may|should|shall)\b"
    r"|\b(?:I|we)'(?:ll|d)\b"
    r"|\blet\s+me\b|\bshall\s+I\b|\bshould\s+I\b|\bwant\s+me\s+to\b|\bwould\s+you\s+like\b"
    r"|\bif\s+you\s+(?:like|want|wish|prefer|need|'d\s+like)\b|\bif\s+needed\b"
    r"|\bI\s*(?:'m|am)\s+(?:going|about|happy|glad|able)\s+to\b|\bI\s+(?:need|needed)\s+to\b"
    r"|\b(?:you|one)\s+(?:can|could|might|may|should|would|need\s+to|want\s+to)\b"
    r"|\b(?:try|consider|recommend|suggest)\s+running\b|\bI\s+(?:suggest|recommend|propose)\b"
    r"|\bhypothetically\b|\bfor\s+example\b|\bfor\s+instance\b|\be\.g\.|\bsay\s+you\b"
    r"|\bI\s+tried\b|\btried\s+to\b|\battempted\s+to\b|\bplan\s+to\b|\bready\s+to\b"
    r"|\bjust\s+(?:say|tell|ask)\b|\blet\s+me\s+know\b|\bhappy\s+to\b|\bwould\s+need\b"
    r"|\bwhen(?:ever)?\s+you(?:'re|\s+are)?\s+ready\b|\bon\s+request\b|\bif\s+so\b"
    r"|\b(?:would|will|should)\s+(?:tell|show|give|list)\s+you\b")
CONTRAST = phrase(r"\b(?:but|only|just|except|though|although|however|while|whereas|"
                      r"besides|apart\s+from|other\s+than|aside\s+from)\b")
NEGATED = phrase(
    r"\b(?:I|we)\s+(?:haven't|have\s+not|hadn't|had\s+not|didn't|did\s+not|don't|do\s+not|"
    r"never|wasn't\s+able|was\s+not\s+able|weren't\s+able|couldn't|could\s+not|can't|cannot|"
    r"won't|will\s+not)\b|\b(?:I|we)'ve\s+not\b|\bnot\s+yet\b|\bhaven't\s+yet\b"
    r"|\bwithout\s+(?:running|checking|looking|querying|access|fetching)\b"
    # A negative determiner or pronoun as the subject denies the predicate ("No vans have
    # been sent", "none of the pods was restarted", "nothing was forwarded"): the clause says
    # the action did not happen, which discloses a failure rather than claiming the act. The
    # subject opens its clause (not "I queried it and nothing is pending", a second one).
    r"|(?<![\w'’]\s)\b(?:no|none\s+of\s+(?:the|them|these|those|your|my|our|its|their)|neither|nothing|"
    r"nobody|none|"
    r"not\s+(?:a\s+single|one|any))\s+(?!(?:longer|more|less|fewer|later|sooner|doubt|"
    r"problem|worries|need)\b)(?:(?!(?:and|but|or|so|then|if|when)\b)[\w-]+\s+){0,3}?"
    r"(?:has|have|had|was|were|is|are|got|gets|will\s+be|went)\s+"
    r"(?:(?:yet|been|being|actually|even|ever)\s+)*[a-z]+\b")
# "normally" after a verb in -ing ("is lifting normally", "running normally again") says how
# a thing is doing now (manner), not what it usually does.
GENERAL = phrase(
    r"\b(?:typically|usually|generally|(?<!ing\s)normally(?!\s+again\b)|by\s+default|in\s+general|on\s+average|"
    r"historically|as\s+a\s+rule|commonly|often|tends?\s+to|in\s+theory|rule\s+of\s+thumb)\b")
FAILURE = phrase(
    r"\b(?:fail(?:ed|s|ing|ure)?|denied|refused|rejected|blocked(?!\s+from\b)|forbidden|timed?[\s-]*out|"
    r"time-?out|timeouts?|couldn't|could\s+not|can't|cannot|unable|wasn't\s+able|"
    r"weren't\s+able|was\s+not\s+able|didn't\s+(?:work|succeed|complete|return|respond|finish|"
    r"go\s+through|run|update|load|refresh|sync)|did\s+not\s+(?:work|succeed|complete|return|"
    r"respond|finish|run|update|load|refresh|sync)|"
    # An HTTP status of failure, told as what came back ("came back with a 503").
    r"(?:with|returned|gave|got)\s+(?:an?\s+(?:http\s+)?|http\s+)[45]\d\d|"
    r"no\s+response|unreachable|not\s+permitted|not\s+allowed|not\s+authori[sz]ed|"
    r"unauthori[sz]ed|permission|requires?\s+(?:an?\s+)?approval|needs?\s+(?:an?\s+)?approval|"
    r"errored|(?:an|the)\s+error|with\s+(?:an?\s+)?error|error\s+(?:message|code)|"
    r"unavailable|aborted|crashed|exit(?:ed)?\s+(?:with\s+)?(?:code|status)\s+[1-9]|"
    r"(?:never|not)\s+(?:ran|run|completed|finished|executed|went\s+through)|"
    # Not sent ("the email did **not** go out", "wasn't delivered"), emphasis or not.
    r"(?:did|was|were)(?:n't|\s+[*_]{0,2}not[*_]{0,2})\s+(?:go\s+out|sent|delivered)|"
    r"nothing\s+(?:came|was)\s+back|still\s+unknown|no\s+(?:data|result)\s+(?:came|was)|"
    # The receiver never answered the call ("the RTU hasn't acknowledged it").
    r"(?:hasn't|has\s+not|haven't|have\s+not|never)\s+(?:yet\s+)?(?:acknowledged|responded|"
    r"answered|replied))\b")

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

COUNT_RULES = LatinCountRules(
    count_re=phrase(
        r"(?<![\w#.,/:$€£¥+@§¶-])(?P<num>\d{1,3}(?:,\d{3})+(?!\d)|\d+(?![.,:]\d)|(?:"
        + number_words_pattern(NUMBER_WORDS) + r"))(?![\w%°'’-])"),
    number_words=NUMBER_WORDS,
    skip_before=phrase(
        r"(?:\b(?:top|first|last|latest|next|previous|prior|other|another|additional|extra|more|"
        r"remaining|every|each|per|within|under|over|than|about|around|roughly|approximately|"
        r"nearly|almost|up\s+to|at\s+least|at\s+most|least|most|(?<!\d\s)of|between|out\s+of|step|"
        r"version|python|node|ubuntu|debian|issue|pr|pull\s+request|line|lines|page|port|"
        r"chapter|section|item|number|no\.|room|rfc|http|status|code|exit|pid|id|build|release|"
        r"run|job|table|figure|v|to|x|times|after|before|since|until|past|recent|newest|oldest|"
        r"only\s+the|just\s+the|limit|limited|showing|show|max|maximum|min|minimum|"
        r"than\s+the|over\s+the|like|with|python|java|ruby|php|perl|go|rust|node\.js|iphone|"
        r"windows|macos|android|ios|gpt|llama|claude|level|phase|stage|tier|day|week|"
        r"sprint|milestone|round|attempt|try|retry|option|plan|"
        # "two or three people": the second number of a range is an estimate, no count
        r"or|"
        # a weekday names the day of the month after it ("on Friday 12 you have...")
        r"monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon\.?|tue\.?|tues\.?|"
        r"wed\.?|thu\.?|thurs\.?|fri\.?|sat\.?|sun\.?)\s*|[#~≈<>≤≥×]|(?<!\*)\*"
        r"|\d\s+in\s+)$"),   # "9 in 10 sessions": a ratio, not a count
    noun_first=False,
    non_count=word_set("""
    units pcs pax
    things thing ways way times reasons reason options option steps step ideas idea points
    questions moments words notes tips suggestions alternatives approaches examples
    possibilities cases scenarios places parts sides digits characters letters bits decimal
    percent degrees dollars euros cents pesos am pm o'clock x more less fewer others
    january february march april june july august september october november december
    jan feb mar apr jun jul aug sep sept oct nov dec
    halves thirds fifths tenths
    """),   # a number before a month is the day of a date ("1 December"), not a count;
            # before a fraction's denominator ("two thirds"), a share of a whole
    after_stop=word_set("""
    ago old later earlier apart long wide tall deep behind ahead each apiece max maximum
    minimum most least per more less fewer
    """),
    one_words=frozenset({"one"}),
    one_quantifier=phrase(
        r"(?:\bonly|\bjust|\bexactly|\bsingle|\btotal\s+of|\bthere\s+(?:is|was|'s)|\bfound|"
        r"\breturned|\blists?|\bshows?|\bhas|\bhad|\bcontains?)\s*$"),
    irregular_plurals=frozenset({"people", "children", "men", "women", "data", "indices",
                                 "criteria", "media", "geese", "mice"}),
    whole_before=phrase(r"\ball\s*$"),
    whole_partitive=phrase(r"\s+of\s+(?:the|your|my|our|their|these|those|its)\s"),
)


# Words every match of each pattern holds (format in _gate.py).
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

# An additive particle: the speaker did one thing more (checks/tool_use.py).
ADDITIVE = re.compile(r"\b(?:also|additionally|as\s+well)\b")
SECOND_PERSON = re.compile(r"\b(?:you|your|yours|you've|you're|you'd)\b", re.IGNORECASE)

# Residual determiners: "no other warnings" excepts what the reply already named.
RESIDUAL = re.compile(r"\b(?:others?|another|else)\b", re.IGNORECASE)
# Days named relative to the turn: an absence scoped to them (checks/absence_days.py).
DAY_SCOPE = re.compile(r"\b(?:(?P<today>today|tonight|this\s+(?:morning|afternoon|evening))|"
                       r"(?P<tomorrow>tomorrow)|(?P<yesterday>yesterday|last\s+night))\b",
                       re.IGNORECASE)
# "No month without usage", "nobody without a badge": "without" and a noun after the denied
# noun says every item has it (a gerund, "without being read", is a state: still an absence).
# A noun a number labels, right before it: "the two ep 10 jobs", "the line 5 buses",
# "round 4 pairings". (Not week, day or year: "last week 12 orders came in" counts.)
LABEL_BEFORE = re.compile(
    r"\b(?:ep|eps|episode|season|chapter|ch|vol|volume|no|nr|room|gate|bay|platform|line|"
    r"route|track|pier|berth|dock|lane|row|seat|table|level|floor|stage|phase|round|grade|"
    r"zone|section|sector|unit|lot|block|plot|ward|court|pitch|hole|lap|heat|tier|step|"
    r"version|rev|release|build|sprint|cohort|batch|kiln|tank|tower|oven|van|truck|bus)"
    r"\.?\s*#?\s*$", re.IGNORECASE)
DOUBLE_NEGATION = re.compile(r"\bwithout\s+(?:an?\s+|any\s+|the\s+)?(?![a-z]+ing\b|being\b)[a-z]",
                             re.IGNORECASE)
# A universal quantifier over items ("every bay", "all the rooms") and the words that
# except some of them ("except", "but", "apart from"): checks/universal_states.py.
UNIVERSAL = re.compile(r"\b(?:every|all|each)\b", re.IGNORECASE)
EXCEPTION = re.compile(r"\b(?:except|but|apart\s+from|other\s+than|besides|save)\b|"
                       r"\bnot\s+(?:every|all)\b", re.IGNORECASE)
# What remains denied ("none left", "nothing remaining"): every item is taken.
REMAINDER = re.compile(r"\b(?:left|remaining|remains?)\b", re.IGNORECASE)
# What is left or free of a capacity ("3 places left", "9 seats free", "2 spare").
LEFT_OVER = re.compile(r"\b(?:left|remaining|remains?|free|spare|available|unsold|unbooked)\b",
                       re.IGNORECASE)

# Present-state markers (matched on lower-cased text): a value said to hold now.
PRESENT_STATE = re.compile(r"\b(?:now|currently)\b")

# Negative quantifiers, and bound words right before a number (lower-cased text).
# "No," answering a question is no quantifier.
NONE_QUANTIFIER = re.compile(
    r"\b(?:none|no(?!\s*[,.!])|neither|nothing|not\s+(?:a\s+single|one|any))\b")
BOUND_BEFORE = re.compile(r"\b(?:below|under|beneath|above|over|more\s+than|less\s+than|"
                          r"fewer\s+than|greater\s+than|exceed(?:s|ed|ing)?)\s*(?:the\s+)?$")

# Words of a limit right before a value, a time's or a quantity's (lower-cased text, its
# emphasis marks set aside): "before 17:00", "by 5pm", "no later than 06:30", "under £500".
LIMIT_BEFORE = re.compile(
    r"\b(?:before|after|by|until|till|til|within|(?:no\s+)?(?:later|earlier)\s+than|"
    r"below|under|beneath|above|over|(?:more|less|fewer|greater)\s+than|at\s+(?:least|most)|"
    r"up\s+to|max(?:imum)?|minimum)\s*(?:the\s+|my\s+|our\s+|your\s+)?$")
# Determiners and a possessive right before a value that modifies the noun after it ("the
# 06:30 crew call", "a £40 voucher", "Tuesday's 06:30 call").
DETERMINER_BEFORE = re.compile(r"(?:\b(?:a|an|the|this|that|my|our|your|their|his|her)|"
                               r"\w['’]s)\s*$")
# Verbs and phrases of reading a source, whatever names it ("the timetable shows",
# "according to the permit page", "it lists"): a sentence holding one attributes its values.
READING_CUE = re.compile(
    r"\baccording\s+to\b|\bbased\s+on\b|\b(?:shows?|showed|shown|says|said|lists?|listed|"
    r"reports?|reported|indicates?|indicated|returned|returns|reads|states?|stated|gives|gave|"
    r"puts|confirms?|confirmed|displays?|displayed|records?|recorded|quotes?|quoted)\b",
    re.IGNORECASE)

# A span of time after "last"/"first" ("in the last month", "over the last 30 days") is a
# window the whole answer is about, not "the last N" of a listing.
_SPAN_OF_TIME = (r"(?!\s+(?:(?:\d+|few|couple\s+of|two|three|four|five|six|seven|ten|twelve)\s+)?"
                 r"(?:hours?|days?|nights?|weeks?|fortnight|months?|quarters?|years?)\b)")
# Nouns of kinds: a count of them is of distinct items, never a figure column's sum.
KIND_NOUNS = re.compile(r"(?:kinds?|types?|sorts?|varieties|variety|styles?|categories|category)\b",
                        re.IGNORECASE)
SUBSET = re.compile(
    r"\b(?:of\s+(?:them|those|these|the|which|its)|remaining|rest|last" + _SPAN_OF_TIME
    + r"|first" + _SPAN_OF_TIME + r"|top|latest|oldest|"
    r"newest|only|just|among|including|include|includes|out\s+of|other|others|except|besides)\b"
    # A comparative right before the number picks some items out by a quality ("the older
    # 11 episodes", "the cheaper two"): "the" + an "-er" adjective + the number (or the
    # clause's end, when read in the words before a count). Nouns in "-er" are excepted.
    r"|\bthe\s+(?!(?:number|order|user|server|member|customer|owner|chapter|quarter|letter|"
    r"layer|tier|filter|header|folder|cluster|container|worker)\b)[a-z]{2,}er"
    r"(?=\s+(?:\d|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\b|\s*$)",
    re.IGNORECASE)

# A person's name as a tool's finding: after "by"/"from", or before a verb whose subject is a
# person (closed class). Case-sensitive: a name is capitalised. The capital is asked for
# first, then the names it must not be: a word in lower case (most of a reply) fails at one
# character instead of at each of nineteen names (the same matches; 4 KB scanned in about
# half the time).
_PERSON = r"(?=[A-Z])" \
    r"(?!(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|January|February|" \
    r"March|April|May|June|July|August|September|October|November|December)\b)" \
    r"[A-Z][a-z]+(?:[ -][A-Z][a-z]+)?"
ENTITY_CUE = re.compile(
    r"\b(?:by|from)\s+(?P<name>" + _PERSON + r")\b(?!['’]s\b|\s*[/.]\w)"
    r"|\b(?P<name2>" + _PERSON + r")\s+(?:sent|wrote|emailed|messaged|replied|commented|"
    r"opened|closed|merged|created|filed|reported|approved|pushed|committed|authored|posted|"
    r"signed|booked|cancelled|canceled|paid|ordered|requested|invited)\b")

# "The biggest advertiser was Vine Hollow", "the top seller is Ana Ruiz".
SUPERLATIVE_CUE = re.compile(
    r"\b[Tt]he\s+(?:top|biggest|largest|smallest|main|best|worst|most\s+[a-z]+|[a-z]+est)"
    r"(?:\s+[a-z]+)?\s+(?:was|were|is|are)\s+(?P<name>" + _PERSON + r")\b")
SUPERLATIVE_TRIGGERS = "the"

FIRST_POSSESSIVE = re.compile(r"\b(?:my|our)\b", re.IGNORECASE)
# A definite noun phrase: an article or a possessive, then a word ("the NWS alerts feed").
NAMED_SOURCE = re.compile(r"\s*(?:the|their|your|our|his|her|its|a|an)\s+[^\W\d_]",
                          re.IGNORECASE)
# A value that is the reply's premise ("for a 07:45 launch", "with an 08:30 start").
PREMISE_BEFORE = re.compile(r"\b(?:for|with)\s+(?:a|an|the|your|our)\s*$")

FIRST_PERSON = re.compile(r"\b(?:i|we|me|us|i'll|i'd|i'm|we'll|let\s+me)\b", re.IGNORECASE)

TIME_SCOPE = re.compile(r"\b(?:since|after|from)\b", re.IGNORECASE)

# Parts of the day and their hours (a closed class).
DAYPARTS = {"morning": (5, 12), "afternoon": (12, 18), "evening": (17, 23),
            "tonight": (18, 24)}

# English groups thousands with commas: a dot between digits is a decimal point.
DECIMAL_DOT = True

NEGATION = re.compile(r"\b(?:no|not|none|never|neither|nor|nothing)\b|n't\b", re.IGNORECASE)

__all__ = ["ACTIONS", "ATTRIBUTION", "PACK", "TOOL_USE"]

PACK = build_pack("en", globals())
