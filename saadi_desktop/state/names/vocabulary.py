"""The words the names pass knows by heart: titles and forms of address, place and street
nouns, words that name no one, and the given names with their diminutives (the English
nickname table and the Russian one of nineteenth-century translations)."""

from __future__ import annotations

import re
from functools import lru_cache

from saadi_desktop.books.model import LANGUAGES

MALE = {"Mr", "Mr.", "Sir", "Lord", "Colonel", "Captain", "Major", "General", "Admiral",
        "Lieutenant", "Sergeant", "Monsieur", "M.", "Prince", "Count", "Baron", "Uncle",
        "Father", "Brother", "King", "Duke", "Herr", "Grandfather", "Grandpapa",
        "Grandpa", "Emperor", "Tsar", "Czar", "Monsignor", "Cardinal", "Archbishop",
        "Master"}  # fmt: skip


FEMALE = {"Mrs", "Mrs.", "Miss", "Ms", "Ms.", "Lady", "Madame", "Mme.", "Mademoiselle", "Mlle.",
          "Princess", "Countess", "Baroness", "Aunt", "Mother", "Sister", "Queen", "Duchess",
          "Frau", "Grandmother", "Grandmamma", "Grandmama", "Grandma", "Granny", "Empress",
          "Tsarina", "Czarina"}  # fmt: skip


NEUTRAL = {"Dr", "Dr.", "Doctor", "Professor", "Inspector", "Saint", "St."}


HONORIFICS = MALE | FEMALE | NEUTRAL


MISTER = ("Mr.", "Mr", "Monsieur", "Master")  # a man's or a boy's title before his surname


# Titles that go before a surname, not a given name ('Mr. Bennet', not 'Lady Catherine').
SURNAME_TITLES = {"Mr", "Mr.", "Mrs", "Mrs.", "Ms", "Ms.", "Dr", "Dr.", "Doctor", "Professor",
                  "M.", "Monsieur", "Madame", "Mme.", "Herr", "Frau", "Colonel", "Captain",
                  "Major", "General", "Admiral", "Lieutenant", "Sergeant",
                  "Inspector"}  # fmt: skip


# Forms of address that only ever go before a name: whatever word follows one is a name, even a
# title or kinship word ('Miss King', 'Mr. Major').
ADDRESS = {"Mr", "Mr.", "Mrs", "Mrs.", "Miss", "Ms", "Ms."}


# Titles that go before a given name when one follows ('Sir William', 'Lady Catherine', 'Miss
# Lydia', 'Mlle. Polina'), and before a surname otherwise ('Lady Lucas', 'Miss Bennet').
GIVEN_NAME_TITLES = {"Sir", "Lady", "Lord", "Miss", "Master", "Mademoiselle", "Mlle.", "Mlle"}


# Those of them that a book also drops, so that the bare given name is the same person ('Sir
# William' is 'William', 'Miss Lydia' is 'Lydia', 'Mlle. Polina' is 'Polina', a boy's 'Master
# Harry' is 'Harry'). 'Lady Mary' is seldom the family's 'Mary'.
DROPPED_TITLES = {"Sir", "Lord", "Miss", "Master", "Mademoiselle", "Mlle.", "Mlle"}


# Ranks: one rank and one surname name one person, however fully ('Captain Frederick Wentworth'
# is 'Captain Wentworth'); 'Mr.' and 'Mrs.' may be a father and a son, or two Mrs. Musgroves.
RANKS = {"Captain", "Colonel", "Major", "General", "Admiral", "Lieutenant", "Sergeant",
         "Inspector", "Dr", "Doctor", "Professor"}  # fmt: skip


# Words that make the name before them a street, a square or a bridge ('Baker Street', 'Laura
# Place'): a place of its own, which neither Mr. Baker nor a Laura lives in.
STREETS = {"Street", "Square", "Road", "Lane", "Avenue", "Terrace", "Crescent", "Place", "Bridge"}


# Words that end the name of a place, though the place may share its first word with the name
# it is known by ('Kellynch Hall' is Kellynch): a name of no other type ending so is a place.
PLACE_NOUNS = {"Valley", "Hall", "Park", "Lodge", "Abbey", "Castle", "Manor", "Moor", "Cross",
               "Gate", "Garden", "Gardens", "Buildings", "Mansions", "Yard", "Pool", "Court",
               "Church", "Chapel", "Inn", "Hotel", "Hill", "Green", "Cottage", "Farm", "Heath",
               "Station", "Lake", "River", "Island", "Bay", "Row", "Wharf", "Palace", "Tower",
               "Museum", "Theatre", "College", "Room", "Rooms", "Market"}  # fmt: skip


# The world's best-known places, as novels of the last two centuries name them: continents and
# regions, countries (their old names too), great cities, seas and rivers. A name of no other
# type that is one of them is a place, though the book seldom writes 'at' or 'in' before it
# ('left London', 'the London air', 'the Agra treasure'); a given name the table knows is a
# person first ('Florence'), as the text may overturn.
KNOWN_PLACES = {
    # continents, regions, seas
    "Europe", "Asia", "Africa", "America", "Australia", "Arctic", "Antarctic", "Atlantic",
    "Pacific", "Mediterranean", "Orient", "Levant", "Balkans", "Siberia", "Caucasus", "Alps",
    "Pyrenees", "Himalayas", "Sahara", "Riviera", "Scandinavia", "Crimea", "Bengal", "Punjab",
    "Kashmir", "Cornwall", "Devon", "Yorkshire", "Kent", "Surrey", "Sussex", "Essex",
    "Normandy", "Brittany", "Provence", "Tuscany", "Lombardy", "Sicily", "Bavaria", "Saxony",
    "Prussia", "Bohemia", "Silesia", "Galicia", "Flanders", "Andalusia", "Castile",
    # countries
    "England", "Scotland", "Ireland", "Wales", "Britain", "France", "Germany", "Italy", "Spain",
    "Portugal", "Russia", "Poland", "Austria", "Hungary", "Switzerland", "Holland", "Belgium",
    "Denmark", "Sweden", "Norway", "Finland", "Greece", "Turkey", "Egypt", "Persia", "Arabia",
    "India", "China", "Japan", "Burma", "Siam", "Ceylon", "Afghanistan", "Abyssinia", "Morocco",
    "Algeria", "Tunis", "Canada", "Mexico", "Brazil", "Peru", "Chile", "Argentina", "Cuba",
    "Jamaica", "Palestine", "Syria", "Judea", "Armenia", "Serbia", "Romania", "Bulgaria",
    "Montenegro", "Albania", "Iceland", "Greenland", "Malta", "Corsica", "Sardinia",
    # cities
    "London", "Paris", "Rome", "Berlin", "Vienna", "Madrid", "Lisbon", "Moscow", "Petersburg",
    "Warsaw", "Prague", "Budapest", "Constantinople", "Athens", "Venice", "Naples", "Milan",
    "Genoa", "Turin", "Geneva", "Zurich", "Brussels", "Amsterdam", "Hamburg", "Munich",
    "Dresden", "Frankfurt", "Cologne", "Marseilles", "Lyons", "Bordeaux", "Calais", "Dover",
    "Edinburgh", "Glasgow", "Dublin", "Liverpool", "Manchester", "Birmingham", "Bristol",
    "Oxford", "Cambridge", "Bath", "Brighton", "Southampton", "Portsmouth", "Plymouth",
    "Calcutta", "Bombay", "Madras", "Delhi", "Agra", "Lucknow", "Benares", "Peking", "Canton",
    "Shanghai", "Tokyo", "Cairo", "Alexandria", "Jerusalem", "Damascus", "Baghdad", "Mecca",
    "Smyrna", "Tangier", "Algiers", "Boston", "Philadelphia", "Chicago", "Baltimore",
    "Quebec", "Montreal", "Havana", "Rio", "Melbourne", "Baden", "Homburg", "Wiesbaden",
    "Odessa", "Kiev", "Riga",
    # rivers
    "Thames", "Seine", "Rhine", "Danube", "Nile", "Volga", "Neva", "Tiber", "Ganges",
    "Mississippi",
    # of two words
    "New York", "New Orleans", "San Francisco", "Buenos Aires", "North America", "South America",
    "West Indies", "East Indies", "United States", "Hong Kong", "Cape Town",
}  # fmt: skip


# Nouns of an occupation or an office by which a book may name someone it never names
# otherwise ('said the croupier', 'the waiter brought the letter'). Not a rank, which is also a
# title ('the Captain' is someone's); nor a word for anyone ('the stranger', 'the gentleman'),
# which a major character is as often as not.
ROLE_NOUNS = frozenset({
    "waiter", "waitress", "porter", "concierge", "patronne", "chauffeur", "driver", "cabman",
    "coachman", "maid", "chambermaid", "housemaid", "nursemaid", "nurse", "barman", "barmaid",
    "bartender", "drummer", "croupier", "landlord", "landlady", "innkeeper", "proprietor",
    "servant", "footman", "butler", "valet", "policeman", "constable", "detective", "clerk",
    "editor", "physician", "surgeon", "chemist", "conductor", "guard", "sommelier", "gardener",
    "gamekeeper", "keeper", "cook", "coroner", "chairman", "clown", "schoolmaster",
    "schoolmistress", "governess", "vicar", "curate", "rector", "priest", "parson", "clergyman",
    "sailor", "mariner", "boatman", "ferryman", "barber", "jailer", "warder", "turnkey",
    "shopman", "shopkeeper", "postman", "messenger", "carrier", "carter", "groom", "ostler",
    "steward", "stewardess", "lawyer", "attorney", "solicitor", "magistrate", "banker",
    "cashier", "auctioneer", "tailor", "dressmaker", "milliner", "baker", "butcher", "grocer",
    "doorman", "commissionaire", "matron", "notary", "executioner", "hangman", "judge", "sheriff",
    "bailiff", "jailor", "lackey", "usher", "sexton", "beadle", "verger", "shepherd", "herdsman",
    "fisherman", "blacksmith", "pedlar", "peddler", "washerwoman", "charwoman", "housekeeper"
})  # fmt: skip


# The verbs by which a text attributes a speech ('said Kitty', 'Kitty cried'), and those that
# begin a clause such a verb reports instead ('said Coketown was…', 'said Bingley had…').
SPEECH_VERBS = r"(?:said|cried|replied|answered|asked|exclaimed|continued|added|returned|whispered)"
CLAUSE_VERBS = r"(?:was|were|is|are|had|has|would|could|should|will|might|must|did|does)\b"


# Nouns of a work of music, dance or verse: a name ending in one names no one ('the Lobster
# Quadrille', 'the Blue Danube Waltz'), though its first word may be someone's ('the Lobster');
# not 'March' nor 'Carol', which are surnames and given names too ('Jo March').
WORK_NOUNS = {"Quadrille", "Waltz", "Polka", "Mazurka", "Minuet", "Gavotte", "Sonata", "Symphony",
              "Overture", "Nocturne", "Hymn", "Ballad", "Anthem"}  # fmt: skip


# Nouns of creatures: a name ending in one with no given name before it is a creature of the
# story ('the Owl', 'the Panther', 'the White Rabbit'), a person's part in it, by a guess the
# text may overturn ('at the Red Lion' is an inn).
CREATURES = {"Ant", "Ape", "Badger", "Bat", "Bear", "Beaver", "Bee", "Beetle", "Bird",
             "Blackbird", "Boar", "Buffalo", "Bull", "Butterfly", "Camel", "Canary", "Cat",
             "Caterpillar", "Cock", "Cow", "Crab", "Crocodile", "Crow", "Cuckoo", "Deer", "Dodo",
             "Dog", "Donkey", "Dormouse", "Dove", "Dragon", "Duck", "Eagle", "Eaglet", "Eel",
             "Elephant", "Ferret", "Fish", "Flamingo", "Fly", "Fox", "Frog", "Gnat", "Goat",
             "Goose", "Gryphon", "Hare", "Hawk", "Hedgehog", "Hen", "Heron", "Hog", "Horse",
             "Hound", "Jackal", "Kangaroo", "Kitten", "Lamb", "Leopard", "Lion", "Lizard",
             "Lobster", "Lory", "Magpie", "Mole", "Monkey", "Mouse", "Mule", "Nightingale",
             "Otter", "Owl", "Ox", "Oyster", "Panther", "Parrot", "Peacock", "Pig", "Pigeon",
             "Pony", "Puppy", "Rabbit", "Rat", "Raven", "Robin", "Seal", "Serpent", "Shark",
             "Sheep", "Snail", "Snake", "Sparrow", "Spider", "Squirrel", "Stag", "Swallow", "Swan",
             "Tiger", "Toad", "Tortoise", "Turkey", "Turtle", "Walrus", "Weasel", "Whale",
             "Whiting", "Wolf", "Worm"}  # fmt: skip


# Nouns of a body of people: a name ending in one names a group ('the Red-headed League').
GROUP_NOUNS = {"League", "Society", "Company", "Club", "Bank", "Association", "Union", "Committee",
               "Council", "Brotherhood", "Army", "Navy", "Regiment", "Academy", "Guild",
               "Corporation", "Institute"}  # fmt: skip


# Titles a realm or a suit follows ('the King of Bohemia', 'the Duchess of Monmouth', 'the Knave
# of Hearts'): title and realm are one name, and the realm alone is no one's.
TITLES_OF = {"King", "Queen", "Prince", "Princess", "Duke", "Duchess", "Earl", "Count",
             "Countess", "Marquis", "Marquess", "Baron", "Baroness", "Emperor", "Empress", "Tsar",
             "Archbishop", "Bishop", "Knave"}  # fmt: skip


# A saint's name is a church, a street or a day ('St. John's Wood'), never the John of a story.
SAINTS = {"St", "Saint"}


# Titles and kinship words that a book may use alone as a character's name ("the General",
# "Grandmother said"). Forms of address that only ever precede a name are not among them.
ROLES = HONORIFICS - {"Mr", "Mr.", "Mrs", "Mrs.", "Miss", "Master", "Ms", "Ms.", "Sir", "Lord",
                      "Lady", "Monsieur", "M.", "Madame", "Mme.", "Mademoiselle", "Mlle.", "Herr",
                      "Frau", "Dr", "Dr.", "Saint", "St."}  # fmt: skip


# Variants of one kinship word name one person within a book: 'Grandmamma' is 'Grandmother'.
ROLE_OF = {"Grandmamma": "Grandmother", "Grandmama": "Grandmother",
           "Grandma": "Grandmother", "Granny": "Grandmother",
           "Grandpapa": "Grandfather", "Grandpa": "Grandfather",
           "Dr": "Doctor", "Dr.": "Doctor"}  # fmt: skip


# Kinship words before a bare surname, which give it a gender ('my aunt Philips', 'my brother
# Gardiner'): the title they make of it, and the form of address it goes with ('Aunt Philips'
# is the woman addressed 'Mrs. Philips'). Before a given name they say nothing of who it is
# ('cousin Elizabeth', 'sister Sonia').
KIN_TITLES = {"aunt": "Aunt", "uncle": "Uncle", "sister": "Sister", "brother": "Brother"}


KIN_ADDRESS = {"Aunt": "Mrs", "Sister": "Mrs", "Uncle": "Mr", "Brother": "Mr"}


# Nationality words without a regular demonym suffix (the suffixed ones are found by shape).
NATIONALITIES = {"French", "English", "Dutch", "Welsh", "Irish", "Scotch", "Scots", "Swiss",
                 "Greek", "Jew", "Jewess", "Pole", "Turk", "Dane", "Swede", "Finn", "Czech",
                 "Slav", "Arab", "Moor", "Briton", "Spaniard", "Celt", "Magyar", "Cossack",
                 "Tatar", "Tartar", "Yankee", "Gaul", "Saxon", "Russian", "German",
                 "British", "Roman", "Creole", "Sikh", "Hindoo", "Hindu"}  # fmt: skip


# Before a style of address ('your Majesty', 'his Lordship', 'her Grace'): a title, not a name.
STYLE_POSSESSIVES = {"your", "his", "her", "their"}


PARTICLES = {"de", "da", "di", "du", "van", "von", "der", "le", "la"}


# Capitalised words that are never names on their own, whatever their statistics.
MONTHS = {"January", "February", "March", "April", "May", "June", "July", "August", "September",
          "October", "November", "December"}  # fmt: skip


NOT_NAMES = MONTHS | {"I", "O", "Oh", "Ah", "God", "Lord", "Heaven", "Heavens", "Chapter", "Part",
             "The", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday",
             "Christmas", "Michaelmas",
             "Candlemas", "Lammas", "Martinmas", "Midsummer", "Easter", "Whitsuntide", "Lent",
             "Advent", "English", "French",
             "Russian", "German", "Yes", "No", "Well", "Mr", "Mrs", "Miss", "Master", "Sir",
             "Madam", "Dear", "My", "Good", "Mamma", "Papa", "Esq", "Messrs", "Mesdames",
             "Messieurs", "Mmes", "Misses", "Captains", "Colonels", "Generals", "Admirals",
             "Majors", "Doctors",
             "Gawd", "Gord", "Lawd", "Lawdy",  # 'God' and 'Lord' as a dialect speaks them
             "Southern", "Northern", "Eastern", "Western"}  # fmt: skip


def is_given_name(word: str) -> bool:
    """Whether the nickname table knows ``word`` as a given name or a diminutive of one."""
    return word.lower() in given_name_table()


def is_full_given_name(word: str) -> bool:
    """Whether the table lists ``word`` as a full given name, one with diminutives ('Sarah',
    'Richard'; not 'One', a diminutive of 'Onicyphorous')."""
    return word.lower() in diminutive_table()


@lru_cache(maxsize=1)
def diminutive_table(russian: bool = True) -> dict[str, frozenset[str]]:
    """Given name → its diminutives (the ``nicknames`` package's table, which is English, and
    unless ``russian`` is False :data:`RUSSIAN_DIMINUTIVES`)."""
    from nicknames import NickNamer

    table = {name: set(nicks) for name, nicks in NickNamer().nickname_lookup.items()}
    for full, nicks in RUSSIAN_DIMINUTIVES.items() if russian else ():
        for name in full.split("/"):
            table.setdefault(name, set()).update(nicks.split())
    return {name: frozenset(nicks) for name, nicks in table.items()}


# The Russian given names of nineteenth-century translations (Garnett, Hogarth) and their
# diminutives as those translations spell them: 'Rodya' is Rodion, 'Dounia' Avdotya. They make a
# name a given name and let the table vouch for a model's proposal, but join no one by
# themselves: a Russian novel gives the diminutive of one name to several people (in Crime and
# Punishment 'Mitka' is a painter, not Dmitri Razumihin; 'Katia' a tavern girl, not Katerina
# Ivanovna; 'Parasha' a maid, not Praskovya Pavlovna). Each is also spelled as other
# translators spell it (:func:`transliterations`: Hogarth's 'Prascovia' is Praskovya).
_RUSSIAN = {
    "rodion": "rodya rodka",
    "avdotya": "dounia dounya dunya dunia dounetchka dunechka",
    "sofya/sofia": "sonia sonya sonetchka sonechka",
    "polina": "polenka polya polechka polinka",
    "nikolay/nikolai": "kolya kolka mikolka nikolka",
    "lidia/lidya": "lida lidotchka lidochka",
    "dmitri/dmitry": "mitya mitka mitenka",
    "praskovya": "pashenka parasha",
    "katerina/ekaterina/yekaterina": "katia katya katenka katka",
    "anastasia/nastasya": "nastya nastenka",
    "alexander/alexandra": "sasha sashka shura",
    "alexey/alexei": "alyosha alyoshka lyosha",
    "ivan": "vanya vanka vanechka",
    "pyotr": "petya petka petrusha",
    "pavel": "pasha pavlusha",
    "mikhail": "misha mishka",
    "natalya/natalia": "natasha natashka",
    "maria/marya": "masha mashka",
    "tatyana": "tanya tanechka",
    "vladimir": "volodya",
    "konstantin": "kostya",
    "elizaveta/lizaveta": "liza lizanka",
    "vasily": "vasya vaska",
    "grigory": "grisha",
    "darya": "dasha dashka",
    "agrafena": "grusha grushenka",
    "fyodor": "fedya fedka",
    "semyon": "senya",
    "arkady": "arkasha",
    "nadezhda": "nadia nadya nadenka",
}


def transliterations(name: str) -> list[str]:
    """The spellings translators give one Russian name, the table's first: 'k' or 'c' before
    a, o, u ('Praskovya', 'Prascovya'; 'Nikolai', 'Nicolai'), and 'ya' or 'ia' ('Prascovia',
    'Avdotia', 'Tatiana')."""
    found = [name]
    for pattern, spelled in ((r"k(?=[aou])", "c"), ("ya", "ia")):
        found += [re.sub(pattern, spelled, f) for f in found]
    return list(dict.fromkeys(found))


RUSSIAN_DIMINUTIVES = {
    "/".join(
        dict.fromkeys(t for name in full.split("/") for t in transliterations(name))
    ): " ".join(dict.fromkeys(t for nick in nicks.split() for t in transliterations(nick)))
    for full, nicks in _RUSSIAN.items()
}


# One name's spellings, each to the first: 'sofia' → 'sofya'.
SPELLINGS = {
    name: full.split("/")[0] for full in RUSSIAN_DIMINUTIVES for name in full.split("/")[1:]
}


@lru_cache(maxsize=1)
def given_name_table() -> dict[str, frozenset[str]]:
    """Given name → its diminutives and the names it is a diminutive of (the ``nicknames``
    package's hand-curated table, Apache-2.0)."""
    table: dict[str, set[str]] = {}
    for canonical, nicks in diminutive_table().items():
        for nick in nicks:
            table.setdefault(canonical, set()).add(nick)
            table.setdefault(nick, set()).add(canonical)
    return {name: frozenset(related) for name, related in table.items()}


def unread_names(language: str) -> str:
    """Why the names pass reads no names from a book in ``language`` — or "" when it reads
    them. It knows a name by its capital and English titles and given names by heart, so a book
    known to be in another language is not read (every German noun is capitalised: 'Abbildung',
    'Beweis' would be its characters); a book of unknown language is read as English."""
    code = language.casefold().split("-")[0]
    code = LANGUAGES.get(code, code)  # some EPUBs write the name: 'English'
    if code in ("", "und", "en", "eng"):
        return ""
    called = {c: n.title() for n, c in LANGUAGES.items()}.get(code, language)
    return (
        f"Names are read before indexing from English books only; this book is in {called}, "
        "so its people and places are listed as the model indexes them."
    )
