//! Repetition adjudication (棋例): the nature of each move of a repeated cycle and the
//! verdict on the cycle, under the Chinese (`xiangqi@cxa`) or Asian (`xiangqi@axf`) rules.
//!
//! - [`classify`] decides one move's [`Nature`]: 将 check, 杀 mate threat, 捉 chase or
//!   闲 idle (with a [`SubKind`] such as 兑 exchange offer), and which pieces it chases.
//! - [`adjudicate`] finds the cycle the history ends in, judges each side's moves forbidden
//!   (every move an attack, 打) or allowed (at least one idle move), and gives the
//!   [`CycleRuling`]: draw (不变作和), the forbidden side must change, or it has lost
//!   (走棋违犯禁例，应当变着而不变, 第一章 第四节 一 (七)).
//! - [`RepetitionRules`] holds what differs between editions; there is one mechanism.
//!
//! The algorithm, the clause each judgement follows and what it does not decide are in
//! `docs/repetition.md`.
//!
//! ```
//! use arbiter::xiangqi::repetition::{adjudicate, history, CycleDecision, RepetitionRules};
//! use arbiter::xiangqi::Position;
//! use arbiter::Side;
//!
//! // The red chariot checks on ranks 9 and 8 for ever; the black general steps d9-d8-d9.
//! let start = Position::from_fen("3k5/6R2/9/9/9/9/9/9/9/4K4 w - - 0 1").unwrap();
//! let cycle = ["g8g9", "d9d8", "g9g8", "d8d9"];
//! let texts: Vec<&str> = cycle.iter().cycle().take(12).copied().collect();
//! let moves = history(&start, &texts).unwrap();
//! let verdict = adjudicate(&start, &moves, &RepetitionRules::CXA).unwrap().unwrap();
//! assert_eq!(verdict.ruling, CycleDecision::MustChange);
//! assert_eq!(verdict.side, Some(Side::First));
//! ```

mod classify;
mod cycle;
pub mod material;

pub use classify::{classify, Chased, Classification, Nature, SubKind};
pub use cycle::{
    adjudicate, history, CycleDecision, CycleMove, CycleRuling, Judgement, Judgements, Judging,
    RepetitionError,
};
pub(crate) use cycle::{adjudicate_played_after, Run};

use crate::edition::{RepetitionReadings, RepetitionRuleSet};
use crate::xiangqi::Role;
use crate::{Game, Ruleset};

/// What an edition's repetition rules decide differently. [`RepetitionRules::CXA`] and
/// [`RepetitionRules::AXF`] are the two editions; [`RepetitionRules::for_ruleset`] picks
/// one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RepetitionRules {
    /// The edition slug (`cxa`, `axf`).
    pub edition: &'static str,
    /// Whether 杀 (mate threat) is an attack (打). CXA: yes (长杀 is forbidden); AXF: no,
    /// a perpetual mate threat is drawn (xq.repetition.axf-mate-threat-draw).
    pub mate_threat_is_attack: bool,
    /// Whether a cycle of attacks of different natures (一将一捉, 一将一杀, 一杀一捉) is
    /// forbidden. CXA: yes (xq.repetition.all-attack-forbidden); AXF: no, only 长将 and
    /// 长捉 are (xq.repetition.axf-check-and-chase).
    pub mixed_attacks_forbidden: bool,
    /// Whether a piece won by a check followed by a capture (抽将) is chased. CXA: yes
    /// (xq.repetition.term-chase); AXF: no, chases are direct attacks
    /// (xq.repetition.axf-direct-chase).
    pub chases_by_checks: bool,
    /// The pieces whose chases are allowed (counted as idle): general and soldiers
    /// (xq.repetition.general-soldier-chase).
    pub free_chasers: &'static [Role],
    /// Whether one side's perpetual check must change even when the other side's moves
    /// are forbidden too (xq.repetition.perpetual-check-loses).
    pub perpetual_check_always_loses: bool,
    /// Whether a side whose every move chases, but never one same piece throughout the
    /// cycle (one piece chasing two pieces in turn, or two pieces chasing two in turn), is
    /// forbidden. CXA: yes, a chase on every move is 长捉 whatever it chases; AXF: no, rule
    /// 32 ("One piece perpetually chases two pieces or more should be ruled as a draw",
    /// diagrams 76-80) — there 长捉 needs a piece chased on every move, followed as it moves
    /// (xq.repetition.axf-alternate-chase).
    pub alternate_targets_forbidden: bool,
    /// Whether a piece that cannot move, except to capture the very piece it attacks (a
    /// chariot pinned against its general by a horse), chases that piece. CXA: yes, the
    /// capture is legal and wins; AXF: no, rule 19 and diagram 39 ("because the Black Rook
    /// doesn't move, it is not considered as a perpetual chase", xq.repetition.axf-pinned-
    /// chariot).
    pub immobilised_attacker_chases: bool,
    /// Whether a threat is new when a piece that could not win the target before can win it
    /// now, although another piece already could (a pin that turns the target's real
    /// protector into a false one renews the chase). CXA: no, the threat on a piece is new
    /// only when the piece could not be won at all before (捉 is a *new* threat to win it);
    /// AXF: yes (xq.repetition.axf-renewed-chase).
    pub renewed_by_new_attacker: bool,
    /// Whether a checking move is also looked at as a chase, the check being set aside
    /// (what it would win if the opponent passed). CXA: no, 将 is 将 (一将一捉 is forbidden
    /// anyway, so a check that also chases changes no judgement); AXF: yes, "the one that
    /// may be judged as a forbidden move is selected": a side that chases one piece on every
    /// move, some of them checks, chases perpetually (xq.repetition.axf-check-also-chases).
    pub check_can_chase: bool,
    /// Whether 杀 must be a new threat: a mate by checks that the mover could already
    /// deliver before the move does not make the move 杀 (it is what the position already
    /// held, as a chase must be new). Both editions: yes (xq.repetition.term-mate-threat).
    pub mate_threat_must_be_new: bool,
    /// Whether a joint chase (联合捉) is the moved piece's chase: the moved piece adds an
    /// attacker to a piece with one protector, so that another of the mover's pieces — any
    /// piece, a general or soldier whose own chases are allowed as much as a horse, cannon or
    /// chariot the target could trade itself for — now wins it by capturing first, though the
    /// moved piece itself would only exchange. Both editions: yes (xq.repetition.joint-chase);
    /// otherwise the allowed or tradeable capture would hide the chase.
    pub joint_chase_by_mover: bool,
    /// How many times the cycle must have been played for a verdict: three
    /// (循环反复已达三次（六个回合）, 第一章 第四节 二 (三)). One further cycle by a side
    /// that must change is a loss.
    pub cycles_for_verdict: usize,
    /// How the verdict follows from the judgements (一 (七), xq.repetition.idle-allowed).
    pub judging: Judging,
    /// Whether a chase needs a capture that wins material in the exchange: a protected
    /// piece is not chased unless the exchange wins (xq.repetition.term-chase).
    pub protection_counts: bool,
}

impl RepetitionRules {
    /// The Chinese Xiangqi Association rules (`xiangqi@cxa`).
    pub const CXA: RepetitionRules = RepetitionRules {
        edition: "cxa",
        mate_threat_is_attack: true,
        mixed_attacks_forbidden: true,
        chases_by_checks: true,
        free_chasers: &[Role::General, Role::Soldier],
        perpetual_check_always_loses: true,
        alternate_targets_forbidden: true,
        immobilised_attacker_chases: true,
        renewed_by_new_attacker: false,
        check_can_chase: false,
        mate_threat_must_be_new: true,
        joint_chase_by_mover: true,
        cycles_for_verdict: 3,
        judging: Judging::RULES,
        protection_counts: true,
    };

    /// The Asian Xiangqi Federation rules (`xiangqi@axf`): the CXA rules but for the
    /// readings the AXF rules give otherwise.
    pub const AXF: RepetitionRules = RepetitionRules {
        edition: "axf",
        mate_threat_is_attack: false,
        mixed_attacks_forbidden: false,
        chases_by_checks: false,
        alternate_targets_forbidden: false,
        immobilised_attacker_chases: false,
        renewed_by_new_attacker: true,
        check_can_chase: true,
        ..RepetitionRules::CXA
    };

    /// These rules with each reading `readings` sets in place of the rules' own.
    fn read_as(self, readings: &RepetitionReadings) -> RepetitionRules {
        macro_rules! read {
            ($($reading:ident),+ $(,)?) => {
                RepetitionRules {
                    $($reading: readings.$reading.unwrap_or(self.$reading),)+
                    ..self
                }
            };
        }
        read!(
            mate_threat_is_attack,
            mixed_attacks_forbidden,
            chases_by_checks,
            perpetual_check_always_loses,
            alternate_targets_forbidden,
            immobilised_attacker_chases,
            renewed_by_new_attacker,
            check_can_chase,
            mate_threat_must_be_new,
            joint_chase_by_mover,
        )
    }

    /// The rules of a rule set, with its default of three cycles.
    pub fn of(set: RepetitionRuleSet) -> RepetitionRules {
        match set {
            RepetitionRuleSet::Cxa => RepetitionRules::CXA,
            RepetitionRuleSet::Axf => RepetitionRules::AXF,
        }
    }

    /// The rules of a xiangqi ruleset's edition, or `None` for another game. They are a
    /// parameter of the edition (`repetition: {rules: cxa|axf, cycles: 3}` in
    /// `spec/editions/xiangqi.yaml`); an edition without the key gets the CXA rules, or the
    /// AXF rules if its id is `axf`, with three cycles.
    pub fn for_ruleset(ruleset: &Ruleset) -> Option<RepetitionRules> {
        if ruleset.game != Game::Xiangqi {
            return None;
        }
        let params = crate::edition::registry()
            .get(ruleset.game, &ruleset.edition)
            .and_then(|e| e.repetition);
        let rules = match params {
            Some(p) => RepetitionRules {
                cycles_for_verdict: p.cycles as usize,
                ..RepetitionRules::of(p.rules).read_as(&p.readings)
            },
            None if ruleset.edition == "axf" => RepetitionRules::AXF,
            None => RepetitionRules::CXA,
        };
        Some(rules)
    }

    /// Whether a move of this nature is an attack (打) under these rules.
    pub fn is_attack(&self, nature: Nature) -> bool {
        match nature {
            Nature::Check | Nature::Chase => true,
            Nature::MateThreat => self.mate_threat_is_attack,
            Nature::Idle => false,
        }
    }

    /// Whether a side whose moves in a cycle have these natures repeats a forbidden cycle:
    /// every move is an attack and, unless mixtures are forbidden, all of one nature.
    pub fn is_forbidden(&self, natures: &[Nature]) -> bool {
        let Some(&first) = natures.first() else {
            return false;
        };
        natures.iter().all(|&n| self.is_attack(n))
            && (self.mixed_attacks_forbidden || natures.iter().all(|&n| n == first))
    }
}
