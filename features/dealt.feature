Feature: Dealt 49 or 50
  A player whose five dealt cards total 49 or 50 declares a tonk: the hand is not
  played, and that player receives double the stake from each other player. If
  two or more players hold 49 or 50 the hand is a draw: nobody pays and a new
  hand is dealt. The check covers every player, the dealer included, on the
  dealt cards only, before the first turn; once play has begun 49 or 50 is worth
  nothing.

  Rule: DEALT-1 Dealt tonk

    @DEALT-1 @PAY-DEALT-1 @id.dealt-tonk
    Scenario Outline: Seat 0 is dealt <total> (dealt_tonk = <dealt_tonk>): a dealt tonk
      Given a 2-player hand dealt by seat 1
      And the ruleset has dealt_tonk = <dealt_tonk>
      And seat 0 holds <hand>
      And seat 1 holds 2c 3c 4d 5d 6h
      And the upcard is 7s
      When the hand is dealt
      Then the hand ends as dealt_tonk
      And the winner is seat 0
      And no seat is to act
      And the net result is +2, -2

      Examples:
        | hand           | total | dealt_tonk |
        | Kc Qd Jh Ts 9c | 49    | 49_50      |
        | Kc Qd Jh Ts Td | 50    | 49_50      |
        | Kd Qd Jd Th Tc | 50    | 50         |

    @DEALT-1 @id.dealt-no-tonk
    Scenario Outline: Seat 0 is dealt <total> (dealt_tonk = <dealt_tonk>): the hand is played
      Given a 2-player hand dealt by seat 1
      And the ruleset has dealt_tonk = <dealt_tonk>
      And seat 0 holds <hand>
      And seat 1 holds 2c 3c 4d 5d 6h
      And the upcard is 7s
      When the hand is dealt
      Then the hand goes on
      And seat 0 is to act

      Examples:
        | hand           | total | dealt_tonk |
        | Kc Qd Jh Ts 8c | 48    | 49_50      |
        | Kc Qd Jh Ts 9c | 49    | 50         |
        | Kc Qd Jh Ts Td | 50    | none       |

  Rule: DEALT-2 Dealt draw

    @DEALT-2 @DEALT-3 @id.dealt-draw-w2
    Scenario: W2: seat 0 is dealt 50 and seat 1 49: a draw, nobody pays
      Given a 3-player hand dealt by seat 2
      And seat 0 holds Kc Qc Jc Tc Td
      And seat 1 holds Kd Qd Jd Th 9s
      And seat 2 holds 2c 3c 4d 5d 6h
      And the upcard is 7s
      When the hand is dealt
      Then the hand ends as dealt_draw
      And there is no winner
      And no seat is to act
      And nobody pays
      And the net result is 0, 0, 0

    @DEALT-2 @id.dealt-draw-two-49s
    Scenario: Both players of a 2-player hand are dealt 49: a draw
      Given a 2-player hand dealt by seat 1
      And seat 0 holds Kc Qc Jc Tc 9d
      And seat 1 holds Kd Qd Jd Th 9s
      And the upcard is 7s
      When the hand is dealt
      Then the hand ends as dealt_draw
      And nobody pays

  Rule: DEALT-3 Who is checked

    @DEALT-3 @id.dealt-dealer-included
    Scenario: The dealer's own dealt 49 is a tonk too
      Given a 3-player hand dealt by seat 2
      And seat 0 holds 2c 3c 4d 5d 6h
      And seat 1 holds 2d 3d 4c 5c 6d
      And seat 2 holds Kc Qd Jh Ts 9c
      And the upcard is 7s
      When the hand is dealt
      Then the hand ends as dealt_tonk
      And the winner is seat 2
      And the net result is -2, -2, +4

    @DEALT-3 @id.dealt-upcard-not-counted
    Scenario: The upcard is not part of any dealt hand: 40 and a nine turned up is not 49
      Given a 2-player hand dealt by seat 1
      And seat 0 holds Kc Qd Jh Ts Ac
      And seat 1 holds 2c 3c 4d 5d 6h
      And the upcard is 9c
      When the hand is dealt
      Then the hand goes on
      And seat 0 has 5 cards

  Rule: DEALT-4 49 or 50 after the deal

    @DEALT-4 @id.dealt-49-after-play-begins
    Scenario: A hand that reaches 49 after the first turn has begun is worth nothing
      Given a 2-player hand dealt by seat 1
      And seat 0 holds Kc Qd Jh Ts 8d
      And seat 1 holds 2c 3c 4d 5d 6h
      And the upcard is 7s
      And the stock starts with 9d
      When seat 0 plays: draw stock, discard 8d
      Then the hand of seat 0 is Kc Qd Jh Ts 9d
      And the hand goes on
      And seat 1 is to act
