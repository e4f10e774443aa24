//! What an event means for the end-of-game summary (cards gained or lost and why, the dice, a
//! new turn or round), as each ruleset classifies its events
//! ([`crate::ruleset::Ruleset::recap_facts`]), with the helpers the Catan-like rulesets share.
//! It sits below the rulesets, so the summary that reads these can depend on them.

use crate::engine::Seat;
use crate::rules::resources::{Resource, ResourceSet};
use serde::{Deserialize, Serialize};

/// Where cards a seat received came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Gain {
    /// The starting settlement's resources.
    Start,
    /// Dice production (and a ruleset's draws, where they are its income).
    Production,
    /// Trades with other players.
    Trades,
    /// Trades with the bank or a harbour.
    Bank,
    /// Cards stolen with the robber (or a knight).
    Robber,
    /// Development cards: Year of Plenty, Monopoly, a knight taken from the bank.
    Cards,
}

impl Gain {
    pub const ALL: [Gain; 6] = [
        Gain::Start,
        Gain::Production,
        Gain::Trades,
        Gain::Bank,
        Gain::Robber,
        Gain::Cards,
    ];
    pub const fn word(self) -> &'static str {
        match self {
            Gain::Start => "start",
            Gain::Production => "production",
            Gain::Trades => "trades",
            Gain::Bank => "bank",
            Gain::Robber => "robber",
            Gain::Cards => "cards",
        }
    }
}

/// Why a seat gave cards up (building costs aside).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Loss {
    /// Discards on a 7 (or a ruleset's own discards).
    Discards,
    /// Stolen by the robber (or taken on request, where the rules allow).
    Robber,
    /// Taken by another player's Monopoly.
    Monopoly,
    /// Given in trades with other players.
    Trades,
    /// Given to the bank or a harbour.
    Bank,
}

impl Loss {
    pub const ALL: [Loss; 5] = [
        Loss::Discards,
        Loss::Robber,
        Loss::Monopoly,
        Loss::Trades,
        Loss::Bank,
    ];
    pub const fn word(self) -> &'static str {
        match self {
            Loss::Discards => "discards",
            Loss::Robber => "robber",
            Loss::Monopoly => "monopoly",
            Loss::Trades => "trades",
            Loss::Bank => "bank",
        }
    }
}

/// What one event means for the summary, as its ruleset classifies it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fact {
    Gained {
        seat: Seat,
        from: Gain,
        cards: ResourceSet,
    },
    Lost {
        seat: Seat,
        to: Loss,
        cards: ResourceSet,
    },
    /// Production dice came up with this sum.
    Dice(u8),
    /// A new turn began (the chart's step in turn-based rulesets).
    Turn,
    /// A new round began (the step in rulesets played in rounds).
    Round,
}

impl Fact {
    /// `seat` gained `cards` from `from` (one line an arm in each ruleset's classification).
    pub fn gained(seat: Seat, from: Gain, cards: ResourceSet) -> Fact {
        Fact::Gained { seat, from, cards }
    }
    /// `seat` lost `cards` to `to`.
    pub fn lost(seat: Seat, to: Loss, cards: ResourceSet) -> Fact {
        Fact::Lost { seat, to, cards }
    }
}

/// Facts for a trade between two seats: `from` gave `gave` and got `got`.
pub fn trade_facts(
    from: Seat,
    with: Seat,
    gave: ResourceSet,
    got: ResourceSet,
    out: &mut Vec<Fact>,
) {
    out.extend([
        Fact::Lost {
            seat: from,
            to: Loss::Trades,
            cards: gave,
        },
        Fact::Gained {
            seat: from,
            from: Gain::Trades,
            cards: got,
        },
        Fact::Lost {
            seat: with,
            to: Loss::Trades,
            cards: got,
        },
        Fact::Gained {
            seat: with,
            from: Gain::Trades,
            cards: gave,
        },
    ]);
}

/// Facts for a trade with the bank.
pub fn bank_facts(seat: Seat, gave: ResourceSet, got: ResourceSet, out: &mut Vec<Fact>) {
    out.extend([
        Fact::Lost {
            seat,
            to: Loss::Bank,
            cards: gave,
        },
        Fact::Gained {
            seat,
            from: Gain::Bank,
            cards: got,
        },
    ]);
}

/// Facts for one card stolen.
pub fn steal_facts(thief: Seat, victim: Seat, card: Resource, out: &mut Vec<Fact>) {
    let cards = ResourceSet::one(card, 1);
    out.extend([
        Fact::Gained {
            seat: thief,
            from: Gain::Robber,
            cards,
        },
        Fact::Lost {
            seat: victim,
            to: Loss::Robber,
            cards,
        },
    ]);
}

/// Facts for a Monopoly: what each victim gave the player.
pub fn monopoly_facts(seat: Seat, resource: Resource, took: &[(Seat, u32)], out: &mut Vec<Fact>) {
    let mut total = 0;
    for (victim, n) in took {
        total += n;
        out.push(Fact::Lost {
            seat: *victim,
            to: Loss::Monopoly,
            cards: ResourceSet::one(resource, *n),
        });
    }
    out.push(Fact::Gained {
        seat,
        from: Gain::Cards,
        cards: ResourceSet::one(resource, total),
    });
}
