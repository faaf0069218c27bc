//! `Condition`.

use super::time::InvalidTime;
use super::upstream;
use crate::meta::v1::Condition;

/// Fails when `lastTransitionTime` is not an RFC 3339 time (a condition must carry one).
impl TryFrom<Condition> for upstream::Condition {
    type Error = InvalidTime;

    fn try_from(condition: Condition) -> Result<Self, InvalidTime> {
        let Condition { condition_type, status, observed_generation, last_transition_time, reason, message } =
            condition;
        Ok(Self {
            last_transition_time: last_transition_time
                .try_into()
                .map_err(|error: InvalidTime| error.within("lastTransitionTime"))?,
            message,
            observed_generation,
            reason,
            status,
            type_: condition_type,
        })
    }
}

impl From<upstream::Condition> for Condition {
    fn from(condition: upstream::Condition) -> Self {
        let upstream::Condition { last_transition_time, message, observed_generation, reason, status, type_ } =
            condition;
        Self {
            condition_type: type_,
            status,
            observed_generation,
            last_transition_time: last_transition_time.into(),
            reason,
            message,
        }
    }
}
