Feature: Hitting
  Hitting is adding one card from the hand to any spread on the table, the
  player's own or another player's. A player may hit only in their own turn,
  after drawing and before discarding, and any number of times. A hit must
  leave a valid spread: a book holds at most four cards, and a run grows at
  either end only.

  In most examples seat 0 has laid the run 5-6-7 of hearts (spread 0) and seat 1
  the book of three twos (spread 1); seat 2 has drawn and is about to hit.

  Rule: HIT-1 Hitting

    Background:
      Given a 3-player hand dealt by seat 2
      And seat 0 holds 5h 6h 7h 8h Kd
      And seat 1 holds 2d 2c 2s Td 3c
      And seat 2 holds 4h 9h 5c 2h 6c
      And the upcard is Ks
      And the stock starts with 8s 9s Ts

    @HIT-1 @id.hit-own-spread
    Scenario: A player hits their own spread in the turn they laid it
      When seat 0 plays: draw stock, spread 5h 6h 7h, hit 8h 0, discard 8s
      Then spread 0 is a run of 5h 6h 7h 8h laid by seat 0
      And the hand of seat 0 is Kd

    @HIT-1 @id.hit-another-players-spread
    Scenario: A player hits another player's spread, which stays that player's
      When seat 0 plays: draw stock, spread 5h 6h 7h, discard 8s
      And seat 1 plays: draw stock, spread 2d 2c 2s, discard 9s
      And seat 2 plays: draw stock, hit 2h 1, hit 4h 0, discard Ts
      Then spread 0 is a run of 4h 5h 6h 7h laid by seat 0
      And spread 1 is a book of 2d 2c 2s 2h laid by seat 1
      And seat 2 has 3 cards

    @HIT-1 @id.hit-no-such-spread
    Scenario: Hitting a spread that is not on the table is refused
      When seat 0 plays: draw stock, spread 5h 6h 7h, discard 8s
      And seat 1 plays: draw stock, spread 2d 2c 2s, discard 9s
      And seat 2 plays: draw stock, hit 4h 2
      Then the action is refused as no_such_spread
      And the state is unchanged

    @HIT-1 @id.hit-targets
    Scenario Outline: Hitting <target> under hit_targets = <hit_targets>
      Given the ruleset has hit_targets = <hit_targets>
      When seat 0 plays: draw stock, spread 5h 6h 7h, discard 8s
      And seat 1 plays: draw stock, spread 2d 2c 2s, discard 9s
      And seat 2 plays: draw stock, hit <card> <spread>
      Then the action is <outcome>

      Examples:
        | target     | hit_targets | card | spread | outcome               |
        | a book     | any         | 2h   | 1      | accepted              |
        | a run      | runs        | 4h   | 0      | accepted              |
        | a book too | runs        | 2h   | 1      | refused as hit_target |

  Rule: HIT-2 When hitting is allowed

    Background:
      Given a 3-player hand dealt by seat 2
      And seat 0 holds 5h 6h 7h 8h Kd
      And seat 1 holds 2d 2c 2s Td 3c
      And seat 2 holds 4h 9h 5c 2h 6c
      And the upcard is Ks
      And the stock starts with 8s 9s Ts

    @HIT-2 @id.hit-before-drawing
    Scenario: Hitting before drawing is refused
      When seat 0 plays: draw stock, spread 5h 6h 7h, discard 8s
      And seat 1 plays: draw stock, discard Td
      And seat 2 hits 4h on spread 0
      Then the action is refused as must_draw_first
      And the state is unchanged
      When seat 2 draws from the stock
      And seat 2 hits 4h on spread 0
      Then the action is accepted

    @HIT-2 @id.hit-out-of-turn
    Scenario: Hitting in another player's turn is refused
      When seat 0 plays: draw stock, spread 5h 6h 7h, discard 8s
      And seat 1 draws from the stock
      And seat 2 hits 4h on spread 0
      Then the action is refused as not_your_turn
      And the state is unchanged

  Rule: HIT-3 What fits

    Background:
      Given a 3-player hand dealt by seat 2
      And seat 0 holds 5h 6h 7h 8h Kd
      And seat 1 holds 2d 2c 2s Td 3c
      And seat 2 holds 4h 9h 5c 2h 6c
      And the upcard is Ks
      And the stock starts with 8s 9s Ts

    @HIT-3 @id.hit-what-fits
    Scenario Outline: Seat 2 hits <card> on spread <spread>: <what>
      When seat 0 plays: draw stock, spread 5h 6h 7h, discard 8s
      And seat 1 plays: draw stock, spread 2d 2c 2s, discard 9s
      And seat 2 plays: draw stock, hit <card> <spread>
      Then the action is <outcome>

      Examples:
        | what                       | card | spread | outcome                     |
        | the low end of the run     | 4h   | 0      | accepted                    |
        | a gap above the run        | 9h   | 0      | refused as hit_does_not_fit |
        | the right rank, wrong suit | 5c   | 0      | refused as hit_does_not_fit |
        | the fourth two of the book | 2h   | 1      | accepted                    |
        | a four on the twos         | 4h   | 1      | refused as hit_does_not_fit |

    @HIT-3 @id.hit-run-both-ends
    Scenario: A run grows at either end
      When seat 0 plays: draw stock, spread 6h 7h 8h, discard 8s
      And seat 1 plays: draw stock, discard 9s
      And seat 2 plays: draw stock, hit 4h 0
      Then the action is refused as hit_does_not_fit
      When seat 2 plays: hit 9h 0, discard Ts
      And seat 0 plays: draw stock, hit 5h 0, discard Kd
      Then spread 0 is a run of 5h 6h 7h 8h 9h laid by seat 0

  Rule: HIT-4 Any number of hits

    Background:
      Given a 3-player hand dealt by seat 2
      And seat 0 holds 5h 6h 7h 8h Kd
      And seat 1 holds 2d 2c 2s Td 3c
      And seat 2 holds 4h 9h 5c 2h 6c
      And the upcard is Ks
      And the stock starts with 8s 9s Ts

    @HIT-4 @id.hit-count-per-turn
    Scenario Outline: A second hit in the same turn (hits_per_turn = <hits_per_turn>)
      Given the ruleset has hits_per_turn = <hits_per_turn>
      When seat 0 plays: draw stock, spread 5h 6h 7h, discard 8s
      And seat 1 plays: draw stock, spread 2d 2c 2s, discard 9s
      And seat 2 plays: draw stock, hit 4h 0, hit 2h 1
      Then the action is <outcome>

      Examples:
        | hits_per_turn | outcome              |
        | any           | accepted             |
        | one           | refused as hit_limit |

    @HIT-4 @id.hit-limit-resets-next-turn
    Scenario: Under hits_per_turn = one the limit is per turn
      Given the ruleset has hits_per_turn = one
      When seat 0 plays: draw stock, spread 5h 6h 7h, hit 8h 0, discard 8s
      And seat 1 plays: draw stock, spread 2d 2c 2s, discard 9s
      And seat 2 plays: draw stock, hit 4h 0, discard Ts
      And seat 0 plays: draw stock, discard Kd
      And seat 1 plays: draw stock, hit 3c 0
      Then the action is refused as hit_does_not_fit
      When seat 1 plays: discard 3c
      Then seat 2 is to act
