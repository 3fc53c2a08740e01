//! The ways into the bot: the batch command line for now.

pub mod batch;
