-- The network a coin is withdrawn on (issue 11): it decides the shape and checksum a bound
-- withdrawal address must have (common/withdraw-address.ts). NULL: the coin cannot be
-- withdrawn to an address, and no address can be bound for it.
ALTER TABLE coins ADD COLUMN withdraw_network TEXT CHECK (withdraw_network IN ('TRC20', 'ERC20', 'BTC'));
