//! The economy's events, one set for every Catan ruleset: trades ([`TradeEvent`]),
//! development cards ([`DevEvent`]) and the awards ([`AwardEvent`]). A ruleset's event enum
//! carries each set in one variant (`Trade`, `Dev`, `Award`), so their wording and their
//! summary facts are written once.

pub use crate::rules::awards::AwardEvent;
pub use crate::rules::devcards::DevEvent;
pub use crate::rules::offers::TradeEvent;

/// Makes a ruleset's event enum take the economy's events into its `Trade`, `Dev` and
/// `Award` variants, so the shared rules can push them.
macro_rules! economy_events {
    ($event:ty) => {
        impl From<$crate::rules::events::TradeEvent> for $event {
            fn from(t: $crate::rules::events::TradeEvent) -> $event {
                <$event>::Trade(t)
            }
        }
        impl From<$crate::rules::events::DevEvent> for $event {
            fn from(d: $crate::rules::events::DevEvent) -> $event {
                <$event>::Dev(d)
            }
        }
        impl From<$crate::rules::events::AwardEvent> for $event {
            fn from(a: $crate::rules::events::AwardEvent) -> $event {
                <$event>::Award(a)
            }
        }
    };
}
pub(crate) use economy_events;
