//! The heuristic bot's tuning, every number in one place and named: how it values places,
//! plans, the robber, its cards and a search playout's end. Changing one changes how every
//! base bot (and those of rulesets built on base, over their base game) plays: check with
//! `catan sim --games 500 --seed 1` and the ladder (docs/bots.md).

/// How much a settlement or city on the robber's hex yields of its pips while the robber
/// stays (the settlement's spot value, the city's).
pub const ROBBED_SPOT_SHARE: f32 = 0.7;
pub const ROBBED_CITY_SHARE: f32 = 0.6;
/// A spot's pips of a resource the seat does not produce yet count this much more.
pub const NEW_RESOURCE_BONUS: f32 = 1.35;
/// A 2:1 harbour is worth this share of the pips of its resource the seat would produce.
pub const OWN_HARBOR_SHARE: f32 = 0.4;
/// A 3:1 harbour (when the seat has none) is worth this, and this more per pip produced.
pub const GENERIC_HARBOR_BASE: f32 = 1.0;
pub const GENERIC_HARBOR_PER_PIP: f32 = 0.06;
/// How much each resource is wanted before the board's scarcity is counted (lumber, brick,
/// wool, grain, ore), and how far scarcity may move it.
pub const RESOURCE_TASTE: [f32; 5] = [1.0, 1.0, 0.85, 1.0, 0.95];
pub const SCARCITY_RANGE: (f32, f32) = (0.75, 1.4);
/// How much a hidden development card adds to a seat's threat, in victory points.
pub const HIDDEN_CARD_THREAT: f32 = 0.3;

/// Of the production a bank trade turns into what is needed, the share the plan counts, and
/// the fewest pips a roll is expected to bring.
pub const TRADED_PRODUCTION_SHARE: f32 = 0.5;
pub const MIN_PIPS_PER_ROLL: f32 = 0.6;
/// Late in the game a place's production counts less: at the end, by this share.
pub const LATE_PRODUCTION_DISCOUNT: f32 = 0.5;
/// A settlement spot's value falls by this factor for each road it takes to reach.
pub const ROAD_STEP_DISCOUNT: f32 = 0.88;
/// The Longest Road as a goal: its value one road away, and the factor for each road more.
pub const LONGEST_ROAD_VALUE: f32 = 2.0;
pub const LONGEST_ROAD_STEP: f32 = 0.85;
/// A knight's extra worth while the Largest Army is in reach.
pub const ARMY_CHASE_BONUS: f32 = 0.1;

/// The robber: the pips it blocks of the seat's own buildings count against it this many
/// times; an opponent's count for this much plus its threat (against the leader's) squared.
pub const OWN_HEX_PENALTY: f32 = 2.5;
pub const RIVAL_HEX_BASE: f32 = 0.4;
/// A steal is worth this, this more times the victim's threat (against the leader's), and
/// this much per card the victim holds, counted up to [`STEAL_CARDS_COUNTED`].
pub const STEAL_BASE: f32 = 2.0;
pub const STEAL_PER_THREAT: f32 = 2.0;
pub const STEAL_PER_CARD: f32 = 0.25;
pub const STEAL_CARDS_COUNTED: u32 = 8;

/// A knight is played before the roll when the robber blocks at least these pips of ours.
pub const KNIGHT_HURT_PIPS: f32 = 3.0;
/// Monopoly: a resource the plan needs counts this much more; it is played when it should
/// bring at least this many (weighted) cards.
pub const MONOPOLY_NEEDED_BONUS: f32 = 1.5;
pub const MONOPOLY_MIN_CARDS: f32 = 3.0;
/// A seat producing nothing is guessed to hold each resource in this share.
pub const UNKNOWN_HAND_SHARE: f32 = 0.2;

/// A search playout's end, valued in victory points: each hidden development card and each
/// card in hand (up to [`HAND_CARDS_COUNTED`]) adds this much.
pub const DEV_CARD_POINTS: f64 = 0.3;
pub const HAND_CARD_POINTS: f64 = 0.05;
pub const HAND_CARDS_COUNTED: u32 = 7;
/// The lead over the strongest opponent turns into a score of 0.5 plus this much a point,
/// kept within the range.
pub const SCORE_PER_POINT: f64 = 0.08;
pub const SCORE_RANGE: (f64, f64) = (0.02, 0.98);
