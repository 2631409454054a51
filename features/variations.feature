Feature: Variations printed in the seeds
  The seed documents print three variations, each a ruleset option here:

  - S32, no upcard (upcard = false): no card is turned up after the deal; the
    first player must draw from the stock, and the discard pile begins with that
    player's discard.
  - S33, forced spreads (forced_spreads = true): holding a spread in the hand is
    illegal, except three aces: the hand kept when a turn ends may hold no other
    spread, and a player holding one may not knock. Hitting is never forced.
  - S34, new-spread double (tonk_out_double = new_spread): going out without a
    discard pays double only if the player laid a new spread in that turn, and
    single if that turn used only hits.

  Rule: VAR-NOUP-1 No upcard

    Background:
      Given a 3-player hand dealt by seat 2
      And the ruleset has upcard = false
      And seat 0 holds Ac 2c 3c 9s Kd
      And seat 1 holds 5h 6h 7h 4c Qd
      And seat 2 holds 4d 4h 4s Jc 8s
      And the stock starts with 8h 8d 2h

    @VAR-NOUP-1 @DEAL-2 @id.var-noup-empty-pile
    Scenario: No card is turned up: the discard pile starts empty and the stock keeps that card
      When the hand is dealt
      Then the discard pile is empty
      And the stock holds 37 cards
      And the legal actions exclude "draw discard"
      And the legal actions include "draw stock"

    @VAR-NOUP-1 @TURN-9 @id.var-noup-first-player-draws-stock
    Scenario: The first player cannot take a discard, and that player's discard starts the pile
      When seat 0 draws from the discard pile
      Then the action is refused as discard_pile_empty
      When seat 0 plays: draw from the stock, discard 9s
      Then the discard pile shows 9s
      And the discard pile holds 1 card
      And the hand of seat 0 is Ac 2c 3c Kd 8h

    @VAR-NOUP-1 @id.var-noup-second-player-may-take
    Scenario: The next player may take that first discard
      When seat 0 plays: draw from the stock, discard 9s
      And seat 1 draws from the discard pile
      Then the hand of seat 1 is 5h 6h 7h 4c Qd 9s
      And the discard pile is empty

  Rule: VAR-FORCED-1 Forced spreads

    Background:
      Given a 2-player hand dealt by seat 1
      And the ruleset has forced_spreads = true
      And seat 1 holds 2c 3d 4h 9d Td
      And the upcard is Qs
      And the stock starts with Ks 8s 8c

    @VAR-FORCED-1 @id.var-forced-kept-hand
    Scenario Outline: Ending a turn keeping <kept>
      Given seat 0 holds <hand>
      When seat 0 plays: draw from the stock, discard <discard>
      Then the action is <outcome>

      Examples:
        | kept                          | hand           | discard | outcome                  |
        | no spread                     | 5h 6h 8h 9c Jd | Ks      | accepted                 |
        | the run 5-6-7 of hearts       | 5h 6h 7h 9c Jd | Ks      | refused as forced_spread |
        | three kings, one just drawn   | Kc Kd 9c Jd 5h | 5h      | refused as forced_spread |
        | three aces                    | Ac Ad Ah 9c Jd | Ks      | accepted                 |
        | four aces                     | Ac Ad Ah As 9c | Ks      | refused as forced_spread |
        | a run with an ace             | Ah 2h 3h 9c Jd | Ks      | refused as forced_spread |

    @VAR-FORCED-1 @id.var-forced-lay-it-then-discard
    Scenario: Laying the spread first lets the turn end
      Given seat 0 holds 5h 6h 7h 9c Jd
      When seat 0 plays: draw from the stock, spread 5h 6h 7h, discard Ks
      Then seat 1 is to act
      And there is 1 spread on the table

    @VAR-FORCED-1 @VAR-FORCED-2 @id.var-forced-hitting-not-forced
    Scenario: Hitting is never forced: a card that could hit may stay in the hand
      Given seat 0 holds 5c 6c 7c 9c Jd
      When seat 0 plays: draw from the stock, spread 5c 6c 7c, discard Ks
      And seat 1 plays: draw from the stock, discard 2c
      And seat 0 plays: draw from the stock, discard Jd
      Then seat 1 is to act
      And the hand of seat 0 is 9c 8c

    @VAR-FORCED-1 @id.var-forced-off-by-default
    Scenario: Without the variation a spread may stay in the hand
      Given the ruleset has forced_spreads = false
      And seat 0 holds 5h 6h 7h 9c Jd
      When seat 0 plays: draw from the stock, discard Ks
      Then seat 1 is to act

  Rule: VAR-FORCED-2 No knocking on a spread

    Background:
      Given a 2-player hand dealt by seat 1
      And seat 1 holds 2c 3d 4h 9d Td
      And the upcard is Qs
      And the stock starts with Ks 8s

    @VAR-FORCED-2 @TURN-3 @id.var-forced-knock
    Scenario Outline: Knocking while holding <holding> (forced_spreads = <forced_spreads>)
      Given the ruleset has forced_spreads = <forced_spreads>
      And seat 0 holds <hand>
      When seat 0 knocks
      Then the action is <outcome>

      Examples:
        | holding                      | forced_spreads | hand           | outcome                  |
        | the run 5-6-7 of hearts      | true           | 5h 6h 7h 9c Jd | refused as forced_spread |
        | three aces                   | true           | Ac Ad Ah 9c Jd | accepted                 |
        | the run, no forced spreads   | false          | 5h 6h 7h 9c Jd | accepted                 |

  Rule: VAR-NEWSPREAD-1 New-spread double

    @VAR-NEWSPREAD-1 @PAY-OUT-1 @id.var-newspread-w3
    Scenario Outline: W3 under tonk_out_double = <tonk_out_double>: a new spread went down, so double
      Given a 3-player hand dealt by seat 2
      And the ruleset has tonk_out_double = <tonk_out_double>
      And seat 0 holds 5h 6h 7h 9c 9d
      And seat 1 holds 2c 3c 4d Td Kd
      And seat 2 holds 2d 3d 4c Jc Qc
      And the upcard is Ks
      And the stock starts with 9h
      When seat 0 plays: draw from the stock, spread 5h 6h 7h, spread 9c 9d 9h
      Then the hand ends as tonk_out
      And the net result is <net>

      Examples:
        | tonk_out_double | net        |
        | always          | +4, -2, -2 |
        | new_spread      | +4, -2, -2 |

    @VAR-NEWSPREAD-1 @PAY-OUT-1 @id.var-newspread-w4
    Scenario Outline: W4 under tonk_out_double = <tonk_out_double>: out by hits only
      Given a 3-player hand dealt by seat 2
      And the ruleset has tonk_out_double = <tonk_out_double>
      And seat 0 holds 5h 6h 7h 8h 2c
      And seat 1 holds 2d 2h 2s Td Kd
      And seat 2 holds 3d 4d 4c Jc Qc
      And the upcard is Ks
      And the stock starts with Kc 8s 9s 4h
      When seat 0 plays: draw from the stock, spread 5h 6h 7h, discard Kc
      And seat 1 plays: draw from the stock, spread 2d 2h 2s, discard Td
      And seat 2 plays: draw from the stock, discard 9s
      And seat 0 plays: draw from the stock, hit 8h on spread 0, hit 4h on spread 0, hit 2c on spread 1
      Then the hand ends as tonk_out
      And the net result is <net>

      Examples:
        | tonk_out_double | net        |
        | always          | +4, -2, -2 |
        | new_spread      | +2, -1, -1 |

    @VAR-NEWSPREAD-1 @VAR-NOUP-1 @VAR-FORCED-1 @id.var-all-three-together
    Scenario: The three variations together (preset seed-all-variations): W4 without an upcard
      Given a 3-player hand dealt by seat 2
      And the ruleset is the preset seed-all-variations
      And seat 0 holds 5h 6h 7h 8h 2c
      And seat 1 holds 2d 2h 2s Td Kd
      And seat 2 holds 3d 4d 4c Jc Qc
      And the stock starts with Kc 8s 9s 4h
      When seat 0 plays: draw from the stock, spread 5h 6h 7h, discard Kc
      And seat 1 plays: draw from the stock, discard Td
      Then the action is refused as forced_spread
      When seat 1 plays: spread 2d 2h 2s, discard Td
      And seat 2 plays: draw from the stock, discard 9s
      And seat 0 plays: draw from the stock, hit 8h on spread 0, hit 4h on spread 0, hit 2c on spread 1
      Then the hand ends as tonk_out
      And the net result is +2, -1, -1
