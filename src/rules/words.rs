//! The words every ruleset's command language shares: seat numbers, offer numbers, trades
//! (`GIVE for GET [to SEAT]`) and resource names, with the same messages when they are wrong;
//! how events name a seat to a viewer; and how a refusal names the spots a player typed.

use crate::engine::{RuleError, Seat};
use crate::rules::resources::{Resource, ResourceSet, parse_resource_list};

/// A seat as one viewer reads it in a sentence: "you" to the seat itself, else the player's
/// name (or "seat N"). Event text is written once for every viewer, so the words that depend on
/// who reads them (the possessive, the verb's agreement, the capital at a sentence's start) are
/// asked of this value rather than spelled out at each event: "you's" and "you has" cannot be
/// written through it. Shown with `{}` it is the subject or object form ("you" / "Ann").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Who {
    name: String,
    you: bool,
}

/// The seat `seat` as `viewer` reads it (`names` by seat; a spectator's viewer is `None`).
pub fn who(names: &[String], seat: Seat, viewer: Option<Seat>) -> Who {
    if viewer == Some(seat) {
        Who::you()
    } else {
        Who::named(
            names
                .get(seat as usize)
                .cloned()
                .unwrap_or_else(|| format!("seat {}", seat + 1)),
        )
    }
}

impl Who {
    /// The reader themself.
    pub fn you() -> Who {
        Who {
            name: "you".into(),
            you: true,
        }
    }

    /// Someone else, by name.
    pub fn named(name: impl Into<String>) -> Who {
        Who {
            name: name.into(),
            you: false,
        }
    }

    /// Whether this is the reader.
    pub fn is_you(&self) -> bool {
        self.you
    }

    /// At the start of a sentence: "You" / "Ann".
    pub fn cap(&self) -> String {
        cap(self.name.clone())
    }

    /// Whose: "your" / "Ann's".
    pub fn poss(&self) -> String {
        if self.you {
            "your".into()
        } else {
            format!("{}'s", self.name)
        }
    }

    /// Whose, at the start of a sentence: "Your" / "Ann's".
    pub fn cap_poss(&self) -> String {
        cap(self.poss())
    }

    /// Whose, once the seat was named earlier in the sentence: "your" / "their".
    pub fn their(&self) -> &'static str {
        if self.you { "your" } else { "their" }
    }

    /// The present tense of `base` (its bare form: "get", "be", "have") agreeing with this
    /// subject: "get"/"gets", "are"/"is", "have"/"has", "lose"/"loses", "reach"/"reaches".
    pub fn verb(&self, base: &str) -> String {
        if self.you {
            return match base {
                "be" => "are".into(),
                _ => base.into(),
            };
        }
        third_person(base)
    }

    /// Subject and verb: "you get" / "Ann gets".
    pub fn does(&self, base: &str) -> String {
        format!("{} {}", self.name, self.verb(base))
    }

    /// Subject and verb at the start of a sentence: "You get" / "Ann gets".
    pub fn cap_does(&self, base: &str) -> String {
        cap(self.does(base))
    }

    /// The past of "be" for this subject: "were" / "was".
    pub fn was(&self) -> &'static str {
        if self.you { "were" } else { "was" }
    }
}

impl std::fmt::Display for Who {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.name)
    }
}

/// The third person singular of a verb in its bare form, by the regular English rules (with the
/// three irregular verbs events use).
fn third_person(base: &str) -> String {
    match base {
        "be" => return "is".into(),
        "have" => return "has".into(),
        "do" => return "does".into(),
        _ => {}
    }
    let consonant_y = base.ends_with('y')
        && base
            .chars()
            .rev()
            .nth(1)
            .is_some_and(|c| !"aeiou".contains(c));
    if consonant_y {
        format!("{}ies", &base[..base.len() - 1])
    } else if ["s", "sh", "ch", "x", "z", "o"]
        .iter()
        .any(|e| base.ends_with(e))
    {
        format!("{base}es")
    } else {
        format!("{base}s")
    }
}

/// Several seats as one plural subject or object: "Ann and you", "Ann, Bob and Cyd".
pub fn and_list(items: &[Who]) -> String {
    let names: Vec<String> = items.iter().map(|w| w.to_string()).collect();
    match names.split_last() {
        None => "nobody".into(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
    }
}

/// A count and its noun, in the plural unless it is one: "1 pip", "5 pips".
pub fn count(n: impl Into<u64>, noun: &str) -> String {
    let n = n.into();
    if n == 1 {
        format!("{n} {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// The sentence with its first letter in capitals (events often start with a name).
pub fn cap(s: String) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => s,
    }
}

/// What a seven asks of the hands over the limit, for every reader alike: "Ann discards 4,
/// you discard 3". (A hand's owner reads "you"; a spectator reads only names.)
pub fn discards_owed(owed: &[(Seat, u32)], names: &[String], viewer: Option<Seat>) -> String {
    let parts: Vec<String> = owed
        .iter()
        .map(|(s, n)| format!("{} {n}", who(names, *s, viewer).does("discard")))
        .collect();
    parts.join(", ")
}

/// A seat number as players write it (1-based, `#` allowed), checked against the table.
pub fn seat_arg(s: &str, seats: usize) -> Result<Seat, RuleError> {
    let n: usize = s
        .trim_start_matches('#')
        .parse()
        .map_err(|_| RuleError::new(format!("`{s}` is not a seat number (1 to {seats})")))?;
    if n == 0 || n > seats {
        return Err(RuleError::new(format!(
            "there is no seat {n} (seats are 1 to {seats})"
        )));
    }
    Ok((n - 1) as Seat)
}

/// A command line's words and its first word lower-cased (the command's name), as every
/// ruleset reads them; an empty line is refused.
pub fn command_words(text: &str) -> Result<(String, Vec<&str>), RuleError> {
    let words: Vec<&str> = text.split_whitespace().collect();
    match words.first() {
        Some(first) => Ok((first.to_ascii_lowercase(), words)),
        None => Err(RuleError::new("empty command; `help` lists them")),
    }
}

/// The `i`-th word of a command line, or a refusal saying the command needs `what` there.
pub fn word_at<'a>(words: &[&'a str], i: usize, what: &str) -> Result<&'a str, RuleError> {
    words.get(i).copied().ok_or_else(|| {
        let first = words.first().copied().unwrap_or_default();
        RuleError::new(format!("`{first}` needs {what}"))
    })
}

/// The refusal of a command line whose first word names no command.
pub fn unknown_command(name: &str) -> RuleError {
    RuleError::new(format!(
        "unknown command `{name}`; `help` lists the commands"
    ))
}

/// Refuses words left over after a command that reads only its first `used` words.
pub fn no_more_words(words: &[&str], used: usize) -> Result<(), RuleError> {
    if words.len() > used {
        return Err(RuleError::new(format!(
            "unexpected `{}` after the command",
            words[used..].join(" ")
        )));
    }
    Ok(())
}

/// An offer's number after `accept`, `decline`, `cancel` and the like.
pub fn id_arg(s: Option<&&str>, what: &str) -> Result<u32, RuleError> {
    let s = s.ok_or_else(|| {
        RuleError::new(format!(
            "{what} which offer? give its number, e.g. `{what} 3`"
        ))
    })?;
    s.trim_start_matches('#')
        .parse()
        .map_err(|_| RuleError::new(format!("`{s}` is not an offer number")))
}

/// Splits `2 wool 1 ore for 1 brick [to 3]` into its parts.
pub fn trade_parts<'a>(
    words: &'a [&'a str],
) -> Result<(ResourceSet, ResourceSet, Option<&'a str>), RuleError> {
    let for_at = words
        .iter()
        .position(|w| w.eq_ignore_ascii_case("for"))
        .ok_or_else(|| {
            RuleError::new("write a trade as `GIVE for GET`, e.g. `1 brick for 1 ore`")
        })?;
    let (give_words, rest) = words.split_at(for_at);
    let rest = &rest[1..];
    let (get_words, to) = match rest.iter().position(|w| w.eq_ignore_ascii_case("to")) {
        Some(i) => (
            &rest[..i],
            Some(
                *rest
                    .get(i + 1)
                    .ok_or_else(|| RuleError::new("`to` which seat?"))?,
            ),
        ),
        None => (rest, None),
    };
    let give = parse_resource_list(give_words).map_err(RuleError)?;
    let get = parse_resource_list(get_words).map_err(RuleError)?;
    Ok((give, get, to))
}

/// One resource by name (synonyms such as wood and sheep work).
pub fn resource(s: &str) -> Result<Resource, RuleError> {
    Resource::parse(s).ok_or_else(|| {
        RuleError::new(format!(
            "`{s}` is not a resource (lumber, brick, wool, grain, ore)"
        ))
    })
}

/// Whether a word of a command line names a spot on the board, `<hex>.<corner or side>`
/// (`C.nw`, `C.n`, `1C.se`, `~3.s`).
fn is_spot_name(w: &str) -> bool {
    let Some((hex, at)) = w.split_once('.') else {
        return false;
    };
    !hex.is_empty()
        && hex.chars().all(|c| c.is_ascii_alphanumeric() || c == '~')
        && matches!(
            at.to_ascii_lowercase().as_str(),
            "n" | "ne" | "e" | "se" | "s" | "sw" | "w" | "nw"
        )
}

/// A refusal of the command line `typed`, with each spot the line names written as the player
/// wrote it. A corner touches up to three hexes and an edge two, so each has several names
/// (`E.n` and `A.s` are one edge); the rules name a spot by its canonical one, and a player
/// who typed `road E.n` should not have to work out that `A.s` is what they typed.
/// `canonical` is the parsed command written back, which names the same spots in the same
/// order as `typed`; where the two lists of spot names differ in length (a ruleset that
/// writes its command otherwise) the refusal is left as it is. A spot typed by its canonical
/// name, or by one that differs only in case, is left alone, so commands sent from the TUI's
/// cursor (always canonical) are answered exactly as before.
pub fn spots_as_typed(reason: &str, typed: &str, canonical: &str) -> String {
    let typed_spots: Vec<&str> = typed
        .split_whitespace()
        .filter(|w| is_spot_name(w))
        .collect();
    let canonical_spots: Vec<&str> = canonical
        .split_whitespace()
        .filter(|w| is_spot_name(w))
        .collect();
    if typed_spots.len() != canonical_spots.len() {
        return reason.to_string();
    }
    // The canonical name in the refusal and the typed one to show instead (its hex upper-cased
    // and its corner or side lower-cased, as the game writes names).
    let renamed: Vec<(&str, String)> = canonical_spots
        .iter()
        .zip(&typed_spots)
        .filter(|(c, t)| !c.eq_ignore_ascii_case(t))
        .filter_map(|(c, t)| {
            let (hex, at) = t.split_once('.')?;
            Some((
                *c,
                format!("{}.{}", hex.to_ascii_uppercase(), at.to_ascii_lowercase()),
            ))
        })
        .collect();
    if renamed.is_empty() {
        return reason.to_string();
    }
    // One pass over the refusal, so a name written in is never renamed again; a name counts
    // only as a whole word (`A.s` is not the start of `A.se`, nor the end of `AA.s`).
    let part_of_name = |c: char| c.is_ascii_alphanumeric() || c == '~' || c == '.';
    let mut out = String::with_capacity(reason.len());
    let mut rest = reason;
    let mut after_name_char = false;
    while let Some(ch) = rest.chars().next() {
        let whole = |c: &str| {
            rest.starts_with(c)
                && !rest[c.len()..]
                    .chars()
                    .next()
                    .is_some_and(|n| n.is_ascii_alphanumeric())
        };
        match renamed.iter().find(|(c, _)| !after_name_char && whole(c)) {
            Some((c, shown)) => {
                out.push_str(shown);
                rest = &rest[c.len()..];
                after_name_char = true;
            }
            None => {
                out.push(ch);
                rest = &rest[ch.len_utf8()..];
                after_name_char = part_of_name(ch);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names() -> Vec<String> {
        vec!["Ann".into(), "Bob".into()]
    }

    /// The examples a play-tester met: each refusal named another name of the spot typed.
    #[test]
    fn a_refusal_names_the_spot_as_typed() {
        assert_eq!(
            spots_as_typed(
                "A.s does not touch your new settlement at E.sw",
                "road E.n",
                "road A.s"
            ),
            "E.n does not touch your new settlement at E.sw"
        );
        assert_eq!(
            spots_as_typed(
                "F.sw is next to the building at H.se (distance rule: the neighbouring corners must be empty)",
                "settle h.E",
                "settle F.sw"
            ),
            "H.e is next to the building at H.se (distance rule: the neighbouring corners must be empty)"
        );
        // Two spots, each renamed once, even where one's typed name is the other's canonical.
        assert_eq!(
            spots_as_typed(
                "from B.n to A.s",
                "move ship  A.s  E.n",
                "move ship B.n A.s"
            ),
            "from A.s to E.n"
        );
    }

    /// Only whole names are renamed, and nothing when the spots were typed canonically (the
    /// TUI's cursor) or the lines do not name the same number of spots.
    #[test]
    fn a_refusal_is_left_alone_unless_a_spot_was_typed_otherwise() {
        let reason = "A.s is next to A.se and AA.s; A.s.";
        assert_eq!(
            spots_as_typed(reason, "road E.n", "road A.s"),
            "E.n is next to A.se and AA.s; E.n."
        );
        assert_eq!(spots_as_typed(reason, "road a.S", "road A.s"), reason);
        assert_eq!(spots_as_typed(reason, "road A.s", "road A.s"), reason);
        assert_eq!(spots_as_typed(reason, "r E.n", "road A.s extra.w"), reason);
        assert_eq!(spots_as_typed(reason, "buy dev", "buy dev"), reason);
    }

    #[test]
    fn you_and_a_name_agree_with_their_verbs() {
        let you = who(&names(), 0, Some(0));
        let ann = who(&names(), 0, Some(1));
        let spectator = who(&names(), 1, None);
        assert_eq!(you.to_string(), "you");
        assert_eq!(ann.to_string(), "Ann");
        assert_eq!(spectator.to_string(), "Bob");
        assert_eq!((you.cap(), ann.cap()), ("You".into(), "Ann".into()));
        assert_eq!((you.poss(), ann.poss()), ("your".into(), "Ann's".into()));
        assert_eq!(you.cap_poss(), "Your");
        assert_eq!((you.their(), ann.their()), ("your", "their"));
        for (base, mine, theirs) in [
            ("be", "are", "is"),
            ("have", "have", "has"),
            ("do", "do", "does"),
            ("get", "get", "gets"),
            ("lose", "lose", "loses"),
            ("reach", "reach", "reaches"),
            ("push", "push", "pushes"),
            ("try", "try", "tries"),
            ("play", "play", "plays"),
            ("go", "go", "goes"),
        ] {
            assert_eq!(you.verb(base), mine, "{base}");
            assert_eq!(ann.verb(base), theirs, "{base}");
        }
        assert_eq!(you.cap_does("be"), "You are");
        // A seven's discards read right to the hand's owner and to a spectator alike.
        let names = ["Ann".to_string(), "Bob".to_string()];
        let owed = [(0, 4), (1, 3)];
        assert_eq!(
            discards_owed(&owed, &names, Some(1)),
            "Ann discards 4, you discard 3"
        );
        assert_eq!(
            discards_owed(&owed, &names, None),
            "Ann discards 4, Bob discards 3"
        );
        assert_eq!(ann.does("lose"), "Ann loses");
        assert_eq!((you.was(), ann.was()), ("were", "was"));
    }

    #[test]
    fn a_seat_without_a_name_is_its_number() {
        assert_eq!(who(&[], 2, None).cap_does("have"), "Seat 3 has");
    }

    #[test]
    fn lists_join_with_and() {
        let n = names();
        let list = [who(&n, 0, Some(1)), who(&n, 1, Some(1))];
        assert_eq!(and_list(&list), "Ann and you");
        assert_eq!(and_list(&list[..1]), "Ann");
        let three = [Who::named("Ann"), Who::named("Bob"), Who::you()];
        assert_eq!(and_list(&three), "Ann, Bob and you");
    }
}
