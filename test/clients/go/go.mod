// The conformance program for the official Go client, fullcontact-go (see main.go). The client is required
// by go-client.test.ts at build time; see that test for how its version is chosen.
module kith/clients/goconformance

go 1.21
