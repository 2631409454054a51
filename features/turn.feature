Feature: Turn
  The player to the dealer's left takes the first turn, and turns pass to the
  left. A turn begins with a choice: knock (at the start of the turn, before
  drawing, under the seed rules), or play on by drawing the top card of the
  stock or of the discard pile. After drawing, the player may lay spreads and
  hit spreads in any order and any number, then ends the turn by discarding one
  card. A card taken from the discard pile may not be discarded in the same turn,
  and a play that would leave the player holding only that card is not allowed.
  Only the player whose turn it is may act, and only with cards they hold.

  Most rules below share one deal, given in their Background: seat 0 holds the
  run A-2-3 of clubs (total 25), seat 1 holds 5-6-7 of hearts (total 32), seat 2
  holds three fours (total 30), the upcard is the king of hearts and the stock
  starts with 8h 8d 2h. Where a scenario names no hands, the deck is a new deck,
  unshuffled: clubs A to K, then diamonds, hearts and spades.

  Rule: TURN-1 First player and rotation

    @TURN-1 @GAME-3 @id.turn-first-player
    Scenario Outline: At a <players>-player table dealt by seat <dealer>, seat <first> plays first
      Given a <players>-player hand dealt by seat <dealer>
      When the hand is dealt
      Then seat <first> is to act
      And the turn stage is start

      Examples:
        | players | dealer | first |
        | 2       | 0      | 1     |
        | 2       | 1      | 0     |
        | 3       | 0      | 1     |
        | 3       | 1      | 2     |
        | 3       | 2      | 0     |

    @TURN-1 @id.turn-passes-left
    Scenario: The turn passes to the left after each discard
      Given a 3-player hand dealt by seat 0
      When the hand is dealt
      Then the hand of seat 1 is Ac 4c 7c Tc Kc
      When seat 1 plays: draw stock, discard Ac
      Then seat 2 is to act
      When seat 2 plays: draw stock, discard 2c
      Then seat 0 is to act

  Rule: TURN-2 Knock or play on

    Background:
      Given a 3-player hand dealt by seat 2
      And seat 0 holds Ac 2c 3c 9s Kd
      And seat 1 holds 5h 6h 7h 4c Qd
      And seat 2 holds 4d 4h 4s Jc 8s
      And the upcard is Kh
      And the stock starts with 8h 8d 2h

    @TURN-2 @id.turn-choices-at-start
    Scenario: At the start of a turn the player may knock, draw from the stock or take the upcard
      Then the legal actions include "knock", "draw stock", "draw discard"
      And there are 3 legal actions

    @TURN-2 @id.turn-take-the-discard
    Scenario: Taking the top of the discard pile
      When seat 0 draws from the discard pile
      Then the hand of seat 0 is Ac 2c 3c 9s Kd Kh
      And the discard pile is empty
      And the turn stage is drawn

    @TURN-2 @TURN-3 @id.turn-no-knock-after-drawing
    Scenario: Once the player has drawn, knocking is no longer a choice
      When seat 0 draws from the stock
      Then the legal actions exclude "knock", "knock 9s"
      And the legal actions include "discard 9s", "spread Ac 2c 3c"

  Rule: TURN-3 When a player may knock

    Background:
      Given a 3-player hand dealt by seat 2
      And seat 0 holds Ac 2c 3c 9s Kd
      And seat 1 holds 5h 6h 7h 4c Qd
      And seat 2 holds 4d 4h 4s Jc 8s
      And the upcard is Kh
      And the stock starts with 8h 8d 2h

    @TURN-3 @id.turn-knock-before-drawing
    Scenario Outline: Knocking before drawing (knock_timing = <knock_timing>)
      Given the ruleset has knock_timing = <knock_timing>
      When seat 0 knocks
      Then the action is <outcome>
      And the turn stage is <stage>

      Examples:
        | knock_timing | outcome                 | stage |
        | start        | accepted                | over  |
        | any          | accepted                | over  |
        | after_draw   | refused as knock_timing | start |

    @TURN-3 @id.turn-knock-after-drawing
    Scenario Outline: Knocking after drawing, with a discard (knock_timing = <knock_timing>)
      Given the ruleset has knock_timing = <knock_timing>
      When seat 0 draws from the stock
      And seat 0 knocks and discards Kd
      Then the action is <outcome>
      And the turn stage is <stage>

      Examples:
        | knock_timing | outcome                 | stage |
        | start        | refused as knock_timing | drawn |
        | any          | accepted                | over  |
        | after_draw   | accepted                | over  |

    @TURN-3 @id.turn-knock-after-drawing-totals
    Scenario: A knock after drawing counts the hand left after its discard
      Given the ruleset has knock_timing = after_draw
      When seat 0 draws from the stock
      And seat 0 knocks and discards Kd
      Then the hand ends as knock_won
      And the totals are 23, 32, 30
      And the discard pile shows Kd

    @TURN-3 @id.turn-knock-discard-mismatch
    Scenario: Under knock_timing = any a knock names a discard after drawing, and none before
      Given the ruleset has knock_timing = any
      When seat 0 knocks and discards Kd
      Then the action is refused as knock_discard
      When seat 0 draws from the stock
      And seat 0 knocks
      Then the action is refused as knock_discard
      And the state is unchanged

  Rule: TURN-4 Knocking on the first turn

    Background:
      Given a 3-player hand dealt by seat 2
      And seat 0 holds Ac 2c 3c 9s Kd
      And seat 1 holds 5h 6h 7h 4c Qd
      And seat 2 holds 4d 4h 4s Jc 8s
      And the upcard is Kh
      And the stock starts with 8h 8d 2h

    @TURN-4 @id.turn-first-turn-knock
    Scenario Outline: Knocking on the very first turn (first_turn_knock = <first_turn_knock>)
      Given the ruleset has first_turn_knock = <first_turn_knock>
      When seat 0 knocks
      Then the action is <outcome>

      Examples:
        | first_turn_knock | outcome                     |
        | true             | accepted                    |
        | false            | refused as first_turn_knock |

    @TURN-4 @id.turn-no-first-turn-knock-for-anyone
    Scenario: Under first_turn_knock = false no player knocks on a first turn, but may on the second
      Given the ruleset has first_turn_knock = false
      When seat 0 plays: draw stock, discard 8h
      And seat 1 knocks
      Then the action is refused as first_turn_knock
      When seat 1 plays: draw stock, discard 8d
      And seat 2 plays: draw stock, discard 2h
      And seat 0 knocks
      Then the hand ends as knock_won

  Rule: TURN-5 Playing on

    Background:
      Given a 3-player hand dealt by seat 2
      And seat 0 holds Ac 2c 3c 9s Kd
      And seat 1 holds 5h 6h 7h 4c Qd
      And seat 2 holds 4d 4h 4s Jc 8s
      And the upcard is Kh
      And the stock starts with 8h 8d 2h

    @TURN-5 @SPREAD-4 @HIT-2 @id.turn-spread-hit-any-order
    Scenario: After drawing, spreads and hits come in any order, and a discard ends the turn
      When seat 0 plays: draw stock, spread Ac 2c 3c, discard Kd
      And seat 1 plays: draw stock, hit 4c 0, spread 5h 6h 7h, discard 8d
      Then spread 0 is a run of Ac 2c 3c 4c laid by seat 0
      And spread 1 is a run of 5h 6h 7h laid by seat 1
      And the hand of seat 1 is Qd
      And the discard pile shows 8d
      And seat 2 is to act

  Rule: TURN-6 One draw per turn

    Background:
      Given a 3-player hand dealt by seat 2
      And seat 0 holds Ac 2c 3c 9s Kd
      And seat 1 holds 5h 6h 7h 4c Qd
      And seat 2 holds 4d 4h 4s Jc 8s
      And the upcard is Kh
      And the stock starts with 8h 8d 2h

    @TURN-6 @id.turn-draw-twice
    Scenario Outline: A second draw in the same turn is refused (<second>)
      When seat 0 draws from the <first>
      And seat 0 draws from the <second>
      Then the action is refused as already_drawn
      And the state is unchanged

      Examples:
        | second       | first |
        | stock        | stock |
        | discard pile | stock |

    @TURN-6 @id.turn-discard-before-drawing
    Scenario: Discarding before drawing is refused
      When seat 0 discards Kd
      Then the action is refused as must_draw_first
      And the state is unchanged
      And seat 0 has 5 cards

  Rule: TURN-7 The taken discard stays

    Background:
      Given a 3-player hand dealt by seat 2
      And seat 0 holds Ac 2c 3c 9s Kd
      And seat 1 holds 5h 6h 7h 4c Qd
      And seat 2 holds 4d 4h 4s Jc 8s
      And the upcard is Kh
      And the stock starts with 8h 8d 2h

    @TURN-7 @id.turn-taken-card-discard
    Scenario Outline: Discarding the card just taken from the discard pile (discard_taken = <discard_taken>)
      Given the ruleset has discard_taken = <discard_taken>
      When seat 0 draws from the discard pile
      And seat 0 discards Kh
      Then the action is <outcome>
      And the turn stage is <stage>

      Examples:
        | discard_taken | outcome               | stage |
        | false         | refused as taken_card | drawn |
        | true          | accepted              | start |

    @TURN-7 @id.turn-taken-card-kept-next-turn
    Scenario: The taken card may be discarded on a later turn
      When seat 0 plays: draw discard, discard Kd
      And seat 1 plays: draw stock, discard 8h
      And seat 2 plays: draw stock, discard 8d
      And seat 0 plays: draw stock, discard Kh
      Then the discard pile shows Kh
      And seat 1 is to act

  Rule: TURN-8 No dead end with the taken card

    @TURN-8 @id.turn-dead-end-refused
    Scenario: Spreading every other card, leaving only the taken card, is refused
      Given a 2-player hand dealt by seat 1
      And seat 0 holds 5h 6h 7h 8h 9h
      And seat 1 holds 2c 3c 4d Td Qd
      And the upcard is Kc
      When seat 0 draws from the discard pile
      And seat 0 spreads 5h 6h 7h 8h 9h
      Then the action is refused as last_card_taken
      And the state is unchanged

    @TURN-8 @id.turn-dead-end-allowed-by-option
    Scenario: Under discard_taken_last = true the spread is allowed and the taken card goes last
      Given a 2-player hand dealt by seat 1
      And the ruleset has discard_taken_last = true
      And seat 0 holds 5h 6h 7h 8h 9h
      And seat 1 holds 2c 3c 4d Td Qd
      And the upcard is Kc
      When seat 0 plays: draw discard, spread 5h 6h 7h 8h 9h, discard Kc
      Then the hand ends as out_by_discard
      And the winner is seat 0

    @TURN-8 @OUT-1 @id.turn-out-with-the-taken-card
    Scenario: Going out with no card at all is always allowed, the taken card included
      Given a 2-player hand dealt by seat 1
      And seat 0 holds 5h 6h 7h Kd Ks
      And seat 1 holds 2c 3c 4d Td Qd
      And the upcard is Kc
      When seat 0 plays: draw discard, spread 5h 6h 7h, spread Kc Kd Ks
      Then the hand ends as tonk_out
      And seat 0 has 0 cards

  Rule: TURN-9 An empty discard pile

    @TURN-9 @VAR-NOUP-1 @id.turn-empty-discard-pile
    Scenario: With no upcard there is no discard to take
      Given a 2-player hand dealt by seat 1
      And the ruleset has upcard = false
      And seat 0 holds Ac 2c 3c 9s Kd
      And seat 1 holds 5h 6h 7h 4c Qd
      When seat 0 draws from the discard pile
      Then the action is refused as discard_pile_empty
      And the state is unchanged

  Rule: TURN-10 Only the player to act

    Background:
      Given a 3-player hand dealt by seat 2
      And seat 0 holds Ac 2c 3c 9s Kd
      And seat 1 holds 5h 6h 7h 4c Qd
      And seat 2 holds 4d 4h 4s Jc 8s
      And the upcard is Kh
      And the stock starts with 8h 8d 2h

    @TURN-10 @id.turn-out-of-turn
    Scenario Outline: While it is seat 0's turn, seat <seat> <act>: refused
      When seat <seat> <act>
      Then the action is refused as not_your_turn
      And the state is unchanged

      Examples:
        | act                         | seat |
        | draws from the stock        | 1    |
        | draws from the discard pile | 2    |
        | knocks                      | 2    |

    @TURN-10 @id.turn-after-the-hand-is-over
    Scenario: Nobody may act once the hand is over
      When seat 0 knocks
      And seat 1 draws from the stock
      Then the action is refused as hand_over
      And the state is unchanged
      And no seat is to act

  Rule: TURN-11 Cards in hand

    Background:
      Given a 3-player hand dealt by seat 2
      And seat 0 holds Ac 2c 3c 9s Kd
      And seat 1 holds 5h 6h 7h 4c Qd
      And seat 2 holds 4d 4h 4s Jc 8s
      And the upcard is Kh
      And the stock starts with 8h 8d 2h

    @TURN-11 @id.turn-discard-not-held
    Scenario: Discarding a card another player holds is refused
      When seat 0 draws from the stock
      And seat 0 discards Qd
      Then the action is refused as not_in_hand
      And the state is unchanged

    @TURN-11 @id.turn-spread-card-twice
    Scenario: Naming one card twice in a spread is refused
      When seat 0 draws from the stock
      And seat 0 spreads Ac 2c 2c 3c
      Then the action is refused as duplicate_card
      And the state is unchanged

    @TURN-11 @HIT-1 @id.turn-hit-not-held
    Scenario: Hitting with a card another player holds is refused
      When seat 0 plays: draw stock, spread Ac 2c 3c
      And seat 0 hits 4c on spread 0
      Then the action is refused as not_in_hand
      And the state is unchanged
