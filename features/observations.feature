Feature: What each player sees
  During play a player sees their own hand, every spread on the table, the top
  card of the discard pile, and how many cards each other player and the stock
  hold, and nothing else: not the other hands, not the order of the stock, not
  the discard pile below its top. A dealt tonk, a knock and an empty-stock
  ending show every hand to every player.

  These scenarios ask the engine what one seat may see; an engine that does not
  declare the "observations" feature skips them.

  Rule: OBS-1 The discard pile shows its top card only

    Background:
      Given a 3-player hand dealt by seat 2
      And seat 0 holds Ac 2c 3c 9s Kd
      And seat 1 holds 5h 6h 7h 4c Qd
      And seat 2 holds 4d 4h 4s Jc 8s
      And the upcard is Kh
      And the stock starts with 8h 8d 2h

    @OBS-1 @id.obs-discard-top-only
    Scenario: After two discards only the last is visible; the upcard beneath is not
      When seat 0 plays: draw stock, discard 9s
      Then seat 1 sees 9s on top of the discard pile
      And seat 1 sees 2 cards in the discard pile
      And seat 1 cannot see Kh
      And seat 0 cannot see Kh

    @OBS-1 @TURN-2 @id.obs-taken-discard-reveals-next
    Scenario: When the top card is taken, the card beneath it shows
      When seat 0 plays: draw stock, discard 9s
      And seat 1 plays: draw discard, discard Qd
      Then seat 2 sees Qd on top of the discard pile
      And seat 2 sees 2 cards in the discard pile
      And seat 2 cannot see Kh 9s

  Rule: OBS-2 Hands are secret

    Background:
      Given a 3-player hand dealt by seat 2
      And seat 0 holds Ac 2c 3c 9s Kd
      And seat 1 holds 5h 6h 7h 4c Qd
      And seat 2 holds 4d 4h 4s Jc 8s
      And the upcard is Kh
      And the stock starts with 8h 8d 2h

    @OBS-2 @id.obs-own-hand-and-sizes
    Scenario: A player sees their own hand and only the sizes of the others
      Then seat 2 sees its hand as 4d 4h 4s Jc 8s
      And seat 2 sees the hand sizes 5, 5, 5
      And seat 2 does not see the hand of seat 0
      And seat 2 does not see the hand of seat 1
      And seat 2 cannot see Ac 2c 3c 9s Kd 5h 6h 7h 4c Qd

    @OBS-2 @id.obs-stock-order-hidden
    Scenario: Nobody sees the stock, only how many cards it holds
      Then seat 0 sees 36 cards in the stock
      And seat 0 cannot see 8h 8d 2h
      And seat 1 cannot see 8h 8d 2h

    @OBS-2 @id.obs-drawn-card-private
    Scenario: The card a player draws from the stock is seen by that player only
      When seat 0 draws from the stock
      Then seat 0 sees its hand as Ac 2c 3c 9s Kd 8h
      And seat 1 sees the hand sizes 6, 5, 5
      And seat 1 cannot see 8h
      And seat 2 cannot see 8h

    @OBS-2 @SPREAD-1 @id.obs-spreads-are-public
    Scenario: Spreads on the table are seen by everyone
      When seat 0 plays: draw stock, spread Ac 2c 3c, discard Kd
      Then seat 2 sees 1 spread on the table
      And seat 1 sees 1 spread on the table
      And seat 2 sees the hand sizes 2, 5, 5
      And seat 2 cannot see 9s 8h

  Rule: OBS-3 Hands shown at the end

    @OBS-3 @PAY-KNOCK-1 @id.obs-knock-shows-hands
    Scenario: After a knock every hand is shown to every player
      Given a 3-player hand dealt by seat 2
      And seat 0 holds Ac 2c 3c 9s Kd
      And seat 1 holds 5h 6h 7h 4c Qd
      And seat 2 holds 4d 4h 4s Jc 8s
      And the upcard is Kh
      Then seat 2 does not see the hand of seat 0
      When seat 0 knocks
      Then seat 2 sees the hand of seat 0 as Ac 2c 3c 9s Kd
      And seat 2 sees the hand of seat 1 as 5h 6h 7h 4c Qd
      And seat 1 sees the hand of seat 2 as 4d 4h 4s Jc 8s

    @OBS-3 @DEALT-1 @id.obs-dealt-tonk-shows-hands
    Scenario: A dealt tonk shows every hand
      Given a 2-player hand dealt by seat 1
      And seat 0 holds 2c 3c 4d 5d 6h
      And seat 1 holds Kc Qd Jh Ts 9c
      And the upcard is 7s
      When the hand is dealt
      Then the hand ends as dealt_tonk
      And seat 0 sees the hand of seat 1 as Kc Qd Jh Ts 9c
      And seat 1 sees the hand of seat 0 as 2c 3c 4d 5d 6h

    @OBS-3 @STOCK-2 @id.obs-stock-out-shows-hands
    Scenario: Drawing from the empty stock shows every hand
      Given a 2-player hand dealt by seat 1
      And seat 0 holds Ac 2d 3h 4s 6c
      And seat 1 holds 9c 9d Th Jh Qs
      And the upcard is 7s
      When the players draw from the stock and discard the card drawn until the stock is empty
      Then seat 0 does not see the hand of seat 1
      When seat 1 draws from the stock
      Then the hand ends as stock_out
      And seat 0 sees the hand of seat 1 as 9c 9d Th Jh Qs
      And seat 1 sees the hand of seat 0 as Ac 2d 3h 4s 6c
